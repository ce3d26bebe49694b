// `pnpm fuzz [--runs N] [--seed S] [--budget-ms B] [--target name,...]`: generated inputs
// against the SKILL.md reader, manifest checks, host config check and result shaping, plus
// the fuzzing regressions. Exits 1 on any throw or any case over the budget (default 1 s).
import { parseArgs } from 'node:util';
import { runFuzz } from './harness.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string' },
    'budget-ms': { type: 'string', default: '1000' },
    target: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
const budgetMs = Number(values['budget-ms']);
if (!Number.isInteger(runs) || runs < 1 || !Number.isFinite(seed) || !(budgetMs > 0)) {
  console.error('usage: pnpm fuzz [--runs N] [--seed S] [--budget-ms B] [--target a,b]');
  process.exit(2);
}
console.log(`fuzz: ${runs} cases per target, seed ${seed}, budget ${budgetMs} ms per case`);
const reports = runFuzz({
  runs,
  seed,
  budgetMs,
  only: values.target?.split(',').filter(Boolean) ?? [],
  onProgress: (l) => process.stderr.write(`\r${l}    `),
});
process.stderr.write('\n');
console.table(
  Object.fromEntries(
    reports.map((r) => [
      r.target,
      {
        cases: r.cases,
        throws: r.throws.length,
        'over budget': r.slow.length,
        'max ms': Math.round(r.maxMs * 10) / 10,
        'mean ms': Math.round((r.totalMs / Math.max(1, r.cases)) * 100) / 100,
      },
    ]),
  ),
);
let bad = 0;
for (const r of reports) {
  for (const f of r.throws) {
    bad++;
    console.log(`THROW ${r.target}: ${f.error}\n  input: ${f.input}`);
  }
  for (const f of r.slow) {
    bad++;
    console.log(`SLOW  ${r.target}: ${Math.round(f.ms)} ms\n  input: ${f.input}`);
  }
}
for (const r of reports)
  for (const f of r.known ?? [])
    console.log(`KNOWN ${r.target}: ${Math.round(f.ms)} ms ${f.input}`);
console.log(bad === 0 ? 'fuzz: no findings' : `fuzz: ${bad} findings (seed ${seed})`);
process.exitCode = bad === 0 ? 0 : 1;
