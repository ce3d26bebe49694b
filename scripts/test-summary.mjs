// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report
// and exits non-zero when anything failed or the run produced no report.
import { readFileSync } from 'node:fs';

const [file, status = '0'] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log(
    `no test report at ${file} (the build or the test runner failed before any test ran)`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
// A test file that failed to load counts as one failure: its tests never ran. (The report's
// numFailedTestSuites counts describe blocks too, so it is not used.)
const failed = (report.numFailedTests ?? 0) + filesFailedWithoutFailedTests(report);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 || status !== '0' ? 1 : 0);

function filesFailedWithoutFailedTests(r) {
  return (r.testResults ?? []).filter(
    (s) => s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
}
