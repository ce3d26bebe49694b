// Small helpers over tinybench: every figure is a median and p99 in one unit. Calls far
// below the timer's resolution are timed in batches and divided, so the timer's own cost
// does not dominate (the p99 is then a p99 of batch means).
import { Bench, hrtimeNow } from 'tinybench';

export type Unit = 'us' | 'ms' | 'count' | 'MB';
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

/** Median and p99 of plain samples (e.g. one per child process). */
export function summarize(samples: number[], unit: Unit): Figure {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  return { median: round(q(0.5)), p99: round(q(0.99)), unit };
}

export const round = (n: number) => Math.round(n * 1000) / 1000;
