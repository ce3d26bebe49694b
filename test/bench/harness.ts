// Small helpers over tinybench: every figure is a median and p99 in one unit. Calls far
// below the timer's resolution are timed in batches and divided, so the timer's own cost
// does not dominate (the p99 is then a p99 of batch means). Figures compared as a ratio
// are measured with `alternating`, which tinybench cannot do (it runs tasks one after the
// other), so that drift on a shared machine hits every side of the ratio alike.
import { Bench, hrtimeNow } from 'tinybench';

export type Unit = 'us' | 'ms' | 'count' | 'MB' | '%';
export interface Figure {
  median: number;
  p99: number;
  unit: Unit;
}

export interface MicroOptions {
  /** Calls per timed sample. */
  batch?: number;
  timeMs?: number;
  warmupMs?: number;
}

export async function microAsync(
  fn: (i: number) => Promise<unknown>,
  opts: MicroOptions = {},
): Promise<Figure> {
  const batch = opts.batch ?? 100;
  let n = 0;
  return run(
    async () => {
      for (let k = 0; k < batch; k++) await fn(n++);
      // One turn of the event loop per batch, as an agent gives I/O between tool calls:
      // without it, deferred work (the audit's file writes) piles up in memory unmeasured.
      await new Promise(setImmediate);
    },
    batch,
    opts,
  );
}

export async function microSync(
  fn: (i: number) => unknown,
  opts: MicroOptions = {},
): Promise<Figure> {
  const batch = opts.batch ?? 1000;
  let n = 0;
  let sink: unknown;
  const f = await run(
    () => {
      for (let k = 0; k < batch; k++) sink = fn(n++);
    },
    batch,
    opts,
  );
  if (sink === Symbol.for('never')) console.log(sink); // keeps the result alive
  return f;
}

async function run(task: () => unknown, batch: number, opts: MicroOptions): Promise<Figure> {
  const bench = new Bench({
    time: opts.timeMs ?? 1500,
    warmupTime: opts.warmupMs ?? 300,
    iterations: 50,
    now: hrtimeNow,
  });
  bench.add('task', task);
  await bench.run();
  const result = bench.tasks[0]!.result;
  if (!('latency' in result)) throw new Error(`benchmark task failed: ${JSON.stringify(result)}`);
  const perCallUs = (ms: number) => round((ms * 1000) / batch);
  return { median: perCallUs(result.latency.p50), p99: perCallUs(result.latency.p99), unit: 'us' };
}

export interface AlternatingOptions {
  /** Calls per timed sample (each sample ends with one turn of the event loop, timed). */
  batch?: number;
  /** Total measuring time over all variants. */
  timeMs?: number;
  /** Warm-up time per variant. */
  warmupMs?: number;
  /**
   * How long one variant runs before the next takes over. Long enough that work a variant
   * defers (the audit's batched writes, every few ms) lands in its own samples; short
   * enough that load changes on the machine reach every variant.
   */
  chunkMs?: number;
}

/**
 * Measures several async calls in alternating chunks (the order rotating each round), each
 * sample a batch of calls plus one event-loop turn, as microAsync times them. Returns each
 * variant's median and p99 per call in µs.
 */
export async function alternating(
  fns: Record<string, (i: number) => Promise<unknown>>,
  opts: AlternatingOptions = {},
): Promise<Record<string, Figure>> {
  const batch = opts.batch ?? 20;
  const chunkMs = opts.chunkMs ?? 100;
  const names = Object.keys(fns);
  const next: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const chunk = async (name: string, ms: number, keep: boolean) => {
    const fn = fns[name]!;
    const end = performance.now() + ms;
    do {
      const t0 = hrtimeNow();
      for (let k = 0; k < batch; k++) await fn(next[name]!++);
      await new Promise(setImmediate);
      if (keep) samples[name]!.push(((hrtimeNow() - t0) * 1000) / batch);
    } while (performance.now() < end);
  };
  for (const name of names) await chunk(name, opts.warmupMs ?? 300, false);
  const end = performance.now() + (opts.timeMs ?? 3000);
  for (let round = 0; performance.now() < end; round++) {
    for (let k = 0; k < names.length; k++) {
      await chunk(names[(round + k) % names.length]!, chunkMs, true);
    }
  }
  return Object.fromEntries(names.map((n) => [n, summarize(samples[n]!, 'us')]));
}

/** Median and p99 of plain samples (e.g. one per child process). */
export function summarize(samples: number[], unit: Unit): Figure {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  return { median: round(q(0.5)), p99: round(q(0.99)), unit };
}

export const round = (n: number) => Math.round(n * 1000) / 1000;
