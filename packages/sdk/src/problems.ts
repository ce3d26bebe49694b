// Problems are capped per file: a generated or hostile manifest can hold thousands of
// mistakes, and listing them all helps nobody while costing time and memory.
import { MAX_PROBLEMS, type Problem } from './errors.js';

/** The first MAX_PROBLEMS problems, then one saying how many more there were. */
export function capProblems(problems: Problem[], file: string, max = MAX_PROBLEMS): Problem[] {
  if (problems.length <= max) return problems;
  return [
    ...problems.slice(0, max),
    {
      code: 'PROBLEMS_TRUNCATED',
      severity: problems.slice(max).some((p) => p.severity === 'error') ? 'error' : 'warning',
      message: `Only the first ${max} problems in this file are listed; fix these and check again.`,
      file,
    },
  ];
}
