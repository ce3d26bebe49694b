// One answer to "is this skill folder right?": the scan's checks (readSkillFolder), and in
// strict mode the rules for publishing: Agent Skills' SKILL.md rules, a package.json fit
// for npm, and tools that match the manifest in both directions.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem, ProblemCode } from '../errors.js';
import { implementedToolProblems } from './implemented-tools.js';
import { jsonLines, type JsonPath } from './json-source.js';
import { readSkillFolder, type SkillFolder } from './read-folder.js';

export interface ValidateOptions {
  /** Apply the publishing rules (validate --strict). */
  strict?: boolean;
  /**
   * With strict: the Agent Skills specification's exact verdict on SKILL.md (validate
   * --spec): keys and shapes that only some agents read are errors, not warnings.
   */
  spec?: boolean;
}

export interface ValidateResult {
  /** No error-severity problems (warnings allowed). */
  ok: boolean;
  problems: Problem[];
  skill: SkillFolder;
}

export const SKILL_KEYWORD = 'openclaw-skill';

export async function validateSkill(
  dir: string,
  opts: ValidateOptions = {},
): Promise<ValidateResult> {
  const strict = opts.strict === true || opts.spec === true;
  const mode = opts.spec === true ? 'spec' : strict ? 'strict' : 'lenient';
  const skill = await readSkillFolder(dir, { mode });
  const problems = [...skill.problems];
  if (strict && skill.problems[0]?.code !== 'SKILL_DIR_MISSING') {
    problems.push(...(await packageProblems(skill)));
    if (skill.manifest && skill.entry) {
      const line = await fileLines(join(skill.dir, 'manifest.json'));
      problems.push(
        ...(await implementedToolProblems(
          { ...skill, manifest: skill.manifest, entry: skill.entry },
          line,
        )),
      );
    }
  }
  return { ok: !problems.some((p) => p.severity === 'error'), problems, skill };
}

/**
 * A code skill is published as an npm package: ESM, found by the `openclaw-skill` keyword.
 * A docs skill may have no package.json; when it has one, the same points are warnings.
 */
async function packageProblems(skill: SkillFolder): Promise<Problem[]> {
  const file = join(skill.dir, 'package.json');
  const severity: Problem['severity'] = skill.kind === 'code' ? 'error' : 'warning';
  const pkg = skill.packageJson;
  const problems: Problem[] = [];
  if (!pkg) {
    // An unparsable package.json was already reported by the reader.
    if (skill.kind === 'code' && !skill.problems.some((p) => p.code === 'PACKAGE_JSON_INVALID')) {
      problems.push({
        code: 'PACKAGE_JSON_MISSING',
        severity: 'error',
        message: `package.json is missing: a code skill is published as an npm package; add one with "type": "module" and "keywords": ["${SKILL_KEYWORD}"].`,
        file,
      });
    }
    return problems;
  }
  const found: { code: ProblemCode; message: string; field: string }[] = [];
  if (pkg.type !== 'module') {
    const is = pkg.type === undefined ? 'missing' : JSON.stringify(pkg.type);
    found.push({
      code: 'PACKAGE_NOT_ESM',
      field: 'type',
      message: `package.json: "type" must be "module" (skills are ES modules); it is ${is}.`,
    });
  }
  if (!pkg.keywords?.includes(SKILL_KEYWORD)) {
    found.push({
      code: 'PACKAGE_KEYWORD_MISSING',
      field: 'keywords',
      message: `package.json: "keywords" must include "${SKILL_KEYWORD}" so the skill can be found on npm.`,
    });
  }
  if (found.length === 0) return problems;
  const lineOf = await fileLines(file);
  for (const f of found) {
    const line = lineOf([f.field]);
    problems.push({ ...f, severity, file, ...(line !== undefined && { line }) });
  }
  return problems;
}

async function fileLines(file: string): Promise<(path: JsonPath) => number | undefined> {
  try {
    return jsonLines(await readFile(file, 'utf8'));
  } catch {
    return () => undefined;
  }
}
