// The fuzz harness: generated inputs from fast-check, one call each, every call timed on
// its own. A finding is a call that threw (beyond what the target documents) or took
// longer than the per-case budget. Shared by `pnpm fuzz` (run.ts) and the CI test.
import fc from 'fast-check';
import { REGRESSIONS } from './regressions.js';
import { TARGETS } from './targets.js';

export interface Finding {
  /** The input, shortened, as JSON. */
  input: string;
  ms: number;
  error?: string;
}

export interface TargetReport {
  target: string;
  /** Regressions whose fix is pending elsewhere: misses are listed here, not as findings. */
  known?: Finding[];
  cases: number;
  throws: Finding[];
  slow: Finding[];
  maxMs: number;
  totalMs: number;
}

export interface FuzzOptions {
  /** Generated cases per target. */
  runs: number;
  seed: number;
  /** A case slower than this is a finding (1 s). */
  budgetMs: number;
  /** Only these targets (by name); all when empty. */
  only?: string[];
  onProgress?: (line: string) => void;
  /** Leave out regressions marked `pending` (their fix belongs to other work). */
  skipPending?: boolean;
}

const preview = (v: unknown) => {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 200 ? `${s.slice(0, 200)}… (${s.length} chars)` : s;
};

function timeCall(fn: () => void): { ms: number; error?: string } {
  const t0 = performance.now();
  try {
    fn();
    return { ms: performance.now() - t0 };
  } catch (e) {
    const error = e instanceof Error ? `${e.name}: ${e.message.slice(0, 300)}` : String(e);
    return { ms: performance.now() - t0, error };
  }
}

export function runFuzz(opts: FuzzOptions): TargetReport[] {
  const reports: TargetReport[] = [];
  for (const target of TARGETS) {
    if (opts.only?.length && !opts.only.includes(target.name)) continue;
    const report: TargetReport = {
      target: target.name,
      cases: 0,
      throws: [],
      slow: [],
      maxMs: 0,
      totalMs: 0,
    };
    // Sampled in batches so a large --runs never holds every input in memory at once.
    for (let done = 0, batch = 0; done < opts.runs; batch++) {
      const n = Math.min(1000, opts.runs - done);
      const inputs = fc.sample(target.arbitrary, { numRuns: n, seed: opts.seed + batch });
      for (const input of inputs) {
        const r = timeCall(() => target.run(input));
        report.cases++;
        report.totalMs += r.ms;
        report.maxMs = Math.max(report.maxMs, r.ms);
        if (r.error) report.throws.push({ input: preview(input), ms: r.ms, error: r.error });
        if (r.ms > opts.budgetMs) report.slow.push({ input: preview(input), ms: r.ms });
      }
      done += n;
      opts.onProgress?.(`${target.name}: ${done}/${opts.runs}`);
    }
    reports.push(report);
  }
  if (!opts.only?.length || opts.only.includes('regressions')) {
    const report: TargetReport = {
      target: 'regressions',
      cases: 0,
      throws: [],
      slow: [],
      maxMs: 0,
      totalMs: 0,
    };
    report.known = [];
    for (const reg of REGRESSIONS) {
      if (reg.pending !== undefined && opts.skipPending) continue;
      const r = timeCall(reg.run);
      report.cases++;
      report.totalMs += r.ms;
      report.maxMs = Math.max(report.maxMs, r.ms);
      const slow = r.ms > Math.min(reg.boundMs, opts.budgetMs);
      if (reg.pending !== undefined) {
        const state = r.error || slow ? 'still missed' : 'met: drop `pending`';
        report.known.push({ input: `${reg.name} [${reg.pending}: ${state}]`, ms: r.ms });
        continue;
      }
      if (r.error) report.throws.push({ input: reg.name, ms: r.ms, error: r.error });
      if (slow) report.slow.push({ input: reg.name, ms: r.ms });
    }
    reports.push(report);
  }
  return reports;
}
