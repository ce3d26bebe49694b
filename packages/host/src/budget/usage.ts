// How often each agent used each tool, read from the audit log (<home>/audit.jsonl): every
// allowed call counts, weighted by age with a half-life, so last week's habits outrank last
// year's. Read incrementally (only the bytes appended since the last read) and at most once
// per refresh interval, so ranking a list costs a Map lookup.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** A call's weight halves every this long. */
export const USAGE_HALF_LIFE_MS = 7 * 24 * 3600 * 1000;
/** The first read takes at most the log's last this many bytes. */
const MAX_FIRST_READ = 8 * 1024 * 1024;
const DEFAULT_REFRESH_MS = 10_000;

export interface UsageCounts {
  /** Increases whenever the counts change (part of the list cache key). */
  readonly version: number;
  /**
   * Decayed call weights of one agent's tools (calls without an agent id count as agent
   * ""); an agent with no calls yet gets everyone's.
   */
  forAgent(agentId: string | undefined): ReadonlyMap<string, number>;
}

export interface UsageReaderOptions {
  file: string;
  /** Milliseconds since the epoch (tests pass a fixed clock). */
  now?: () => number;
  refreshMs?: number;
}

const EMPTY: ReadonlyMap<string, number> = new Map();
/** The key counting every agent's calls together. */
const ALL = '\0all';

export class UsageReader implements UsageCounts {
  version = 0;
  readonly #file: string;
  readonly #now: () => number;
  readonly #refreshMs: number;
  #offset = 0;
  #checkedAt = -Infinity;
  #partial = '';
  // Weights are 2^((t - epoch) / halfLife): later calls weigh more, and nothing has to be
  // recomputed as time passes (only ratios matter for ranking).
  #epoch: number | undefined;
  readonly #byAgent = new Map<string, Map<string, number>>();

  constructor(opts: UsageReaderOptions) {
    this.#file = opts.file;
    this.#now = opts.now ?? Date.now;
    this.#refreshMs = opts.refreshMs ?? DEFAULT_REFRESH_MS;
  }

  forAgent(agentId: string | undefined): ReadonlyMap<string, number> {
    this.refresh();
    // An agent without a history of its own starts from everyone's.
    return this.#byAgent.get(agentId ?? '') ?? this.#byAgent.get(ALL) ?? EMPTY;
  }

  /** Reads what was appended, unless it looked less than refreshMs ago (force: now). */
  refresh(force = false): void {
    const now = this.#now();
    if (!force && now - this.#checkedAt < this.#refreshMs) return;
    this.#checkedAt = now;
    this.#epoch ??= now;
    let fd: number;
    try {
      fd = openSync(this.#file, 'r');
    } catch {
      return; // no audit log yet: a cold start, ranked by relevance alone
    }
    try {
      this.#readFrom(fd);
    } finally {
      closeSync(fd);
    }
  }

  #readFrom(fd: number): void {
    const size = fstatSync(fd).size;
    if (size < this.#offset) {
      // The log was replaced or cut: count it again from the start.
      this.#byAgent.clear();
      this.#offset = 0;
      this.#partial = '';
    }
    if (size === this.#offset) return;
    const first = this.#offset === 0;
    const start = first ? Math.max(0, size - MAX_FIRST_READ) : this.#offset;
    const buf = Buffer.allocUnsafe(size - start);
    const read = readSync(fd, buf, 0, buf.length, start);
    this.#offset = start + read;
    let text = this.#partial + buf.toString('utf8', 0, read);
    // A cut first read starts mid-line: skip to the first whole one.
    if (first && start > 0) text = text.slice(text.indexOf('\n') + 1);
    const last = text.lastIndexOf('\n');
    this.#partial = text.slice(last + 1);
    if (this.#countLines(text.slice(0, last + 1)) > 0) this.version++;
  }

  #countLines(text: string): number {
    let counted = 0;
    for (const line of text.split('\n')) {
      const call = parseLine(line);
      if (!call) continue;
      const weight = 2 ** ((call.time - this.#epoch!) / USAGE_HALF_LIFE_MS);
      for (const agent of [call.agentId, ALL]) {
        let tools = this.#byAgent.get(agent);
        if (!tools) this.#byAgent.set(agent, (tools = new Map()));
        tools.set(call.tool, (tools.get(call.tool) ?? 0) + weight);
      }
      counted++;
    }
    return counted;
  }
}

/** An allowed call of a catalog tool, or undefined for anything else (refusals, junk). */
function parseLine(line: string): { tool: string; agentId: string; time: number } | undefined {
  if (!line.includes('"decision":"allowed"')) return undefined;
  try {
    const v = JSON.parse(line) as { tool?: unknown; agentId?: unknown; time?: unknown };
    const time = typeof v.time === 'string' ? Date.parse(v.time) : NaN;
    if (typeof v.tool !== 'string' || Number.isNaN(time)) return undefined;
    return { tool: v.tool, agentId: typeof v.agentId === 'string' ? v.agentId : '', time };
  } catch {
    return undefined;
  }
}
