// The fuzz harness in CI: a small run (400 generated cases per target, ~1,600 in all, plus
// every fuzzing regression) must have no throws and no case over the budget. The budget
// here is 5 s per case, five times `pnpm fuzz`'s 1 s, and documented as generous on
// purpose: CI shares its cores with other suites, and this test guards against hangs and
// blow-ups (the regressions took 11 s to forever before the fixes), not against small
// slowdowns, which `pnpm fuzz` and `pnpm bench` measure on a quiet machine.
import { beforeAll, describe, expect, it } from 'vitest';
import { runFuzz, type TargetReport } from './harness.js';

const CI_RUNS = 400;
const CI_BUDGET_MS = 5_000;

describe('fuzz harness (small CI run, fixed seed)', () => {
  let reports: TargetReport[] = [];
  beforeAll(() => {
    // Regressions whose fix is pending elsewhere are left to `pnpm fuzz`, which reports them.
    reports = runFuzz({ runs: CI_RUNS, seed: 20261130, budgetMs: CI_BUDGET_MS, skipPending: true });
  }, 300_000);

  it('runs every target and every regression', () => {
    expect(reports.map((r) => [r.target, r.cases])).toEqual([
      ['skill-md', CI_RUNS],
      ['manifest', CI_RUNS],
      ['host-config', CI_RUNS],
      ['tool-result', CI_RUNS],
      ['regressions', expect.any(Number)],
    ]);
    expect(reports.at(-1)!.cases).toBeGreaterThanOrEqual(11);
  });

  it('no generated input or regression throws', () => {
    expect(
      reports.flatMap((r) => r.throws.map((f) => `${r.target}: ${f.error} <- ${f.input}`)),
    ).toEqual([]);
  });

  it(`no case takes longer than the generous CI budget of ${CI_BUDGET_MS} ms`, () => {
    expect(
      reports.flatMap((r) =>
        r.slow.map((f) => `${r.target}: ${Math.round(f.ms)} ms <- ${f.input}`),
      ),
    ).toEqual([]);
  });
});
