// Rate limits (sliding windows) and the loop detector. Counters live in memory per router;
// only accepted calls are counted, so a refused caller is not locked out for longer.
import type { Digest } from '../audit/index.js';

/** Calls per key within a sliding window. */
export class SlidingWindow {
  readonly #calls: number;
  readonly #windowMs: number;
  readonly #hits = new Map<string, number[]>();

  constructor(calls: number, windowMs: number) {
    this.#calls = calls;
    this.#windowMs = windowMs;
  }

  /** 0 when the call is accepted (and counted); otherwise milliseconds until a slot frees up. */
  take(key: string, now: number): number {
    let times = this.#hits.get(key);
    if (!times) {
      if (this.#hits.size >= MAX_KEYS) this.#sweep(now);
      this.#hits.set(key, (times = []));
    }
    const from = now - this.#windowMs;
    let expired = 0;
    while (expired < times.length && times[expired]! <= from) expired++;
    if (expired) times.splice(0, expired);
    if (times.length >= this.#calls) return Math.max(1, times[0]! + this.#windowMs - now);
    times.push(now);
    return 0;
  }

  /**
   * Drops keys whose window is empty; if that frees too little, drops the oldest keys (Map
   * order is insertion order), so a flood of distinct keys costs O(1) amortised per call.
   */
  #sweep(now: number): void {
    const from = now - this.#windowMs;
    for (const [k, times] of this.#hits)
      if (times.length === 0 || times[times.length - 1]! <= from) this.#hits.delete(k);
    if (this.#hits.size < MAX_KEYS / 2) return;
    let excess = this.#hits.size - MAX_KEYS / 2;
    for (const k of this.#hits.keys()) {
      if (excess-- <= 0) break;
      this.#hits.delete(k);
    }
  }

  get size(): number {
    return this.#hits.size;
  }
}

/** Keys remembered per window before old ones are forgotten. */
export const MAX_KEYS = 50_000;

/**
 * The same tool with the same input `maxRepeats` times within the window (in one session) is
 * a loop: the call that would make the count reach maxRepeats is refused. `count` tells the
 * caller how many times a call was seen, so it can warn earlier (OpenClaw's defaults: a
 * warning from the 10th repeat, a refusal at the 20th).
 *
 * Only each session's last RECENT calls are remembered, in a fixed ring: agent loops repeat
 * within a few turns, and a bounded ring keeps memory and garbage flat however many distinct
 * calls a long session makes (a map of every distinct call in the window did not).
 */
export class LoopDetector {
  readonly #maxRepeats: number;
  readonly #windowMs: number;
  readonly #sessions = new Map<string, Ring>();
  readonly #recent: number;

  constructor(maxRepeats: number, windowMs: number) {
    this.#maxRepeats = Math.max(2, maxRepeats);
    this.#windowMs = windowMs;
    this.#recent = Math.max(RECENT, this.#maxRepeats);
  }

  /**
   * 0 when this call repeats a loop (it is refused and not counted); otherwise the call is
   * counted and the result is how many times it has now been made within the window.
   */
  count(session: string, tool: string, input: Digest, now: number): number {
    let ring = this.#sessions.get(session);
    if (!ring) {
      if (this.#sessions.size >= MAX_SESSIONS) this.#forgetOldest();
      ring = { tools: [], inputs: [], times: [], next: 0 };
      this.#sessions.set(session, ring);
    }
    const from = now - this.#windowMs;
    const { tools, inputs, times } = ring;
    // Inputs are compared by their 64-bit digest of the canonical JSON (the one the audit
    // prints), never by text: the text is not built on the per-call path. Two different
    // inputs would need a 64-bit collision within the same session's last calls to count as
    // one, and the worst that does is a loop warning or refusal for that session.
    let seen = 0;
    for (let i = 0; i < inputs.length; i++) {
      if (inputs[i]!.equals(input) && times[i]! > from && tools[i] === tool) seen++;
    }
    if (seen >= this.#maxRepeats - 1) return 0;
    if (inputs.length < this.#recent) {
      tools.push(tool);
      inputs.push(input);
      times.push(now);
    } else {
      tools[ring.next] = tool;
      inputs[ring.next] = input;
      times[ring.next] = now;
      ring.next = (ring.next + 1) % this.#recent;
    }
    return seen + 1;
  }

  /** Forgets the older half at once (Map order is insertion order): O(1) amortised. */
  #forgetOldest(): void {
    let drop = this.#sessions.size - MAX_SESSIONS / 2;
    for (const k of this.#sessions.keys()) {
      if (drop-- <= 0) break;
      this.#sessions.delete(k);
    }
  }
}

interface Ring {
  tools: string[];
  inputs: Digest[];
  times: number[];
  next: number;
}

/** Calls remembered per session by the loop detector (at least maxRepeats). */
export const RECENT = 32;
/** Sessions remembered by the loop detector before the oldest is forgotten. */
export const MAX_SESSIONS = 10_000;

/** OpenClaw's thresholds: a warning from the 10th identical call, a refusal at the 20th. */
export const DEFAULT_LOOP = { warnAt: 10, maxRepeats: 20, windowMs: 60_000 } as const;
