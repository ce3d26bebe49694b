// Name checks, before anything is written: the folder name is the npm package name and the
// skill name (strict validation wants SKILL.md's name equal to the folder), so it must pass
// both npm's rules and the skill-name rule. Each failure says why, in one line.
import validatePackageName from 'validate-npm-package-name';
import { SKILL_NAME_PATTERN } from '@openclaw/skill-sdk';

const MAX_SKILL_NAME = 64;

/** The reason `name` cannot be a skill's folder, package and skill name; undefined if it can. */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  const npm = validatePackageName(name);
  const npmProblem = npm.errors?.[0] ?? npm.warnings?.[0];
  if (npmProblem) return `npm package names: ${npmProblem}`;
  if (name.length > MAX_SKILL_NAME) return `skill names are at most ${MAX_SKILL_NAME} characters`;
  if (!new RegExp(SKILL_NAME_PATTERN).test(name))
    return 'skill names use lowercase letters, digits and single hyphens between them (e.g. "my-skill")';
  return undefined;
}

/** A description goes into JSON and YAML files: no quotes, backslashes, angle brackets or newlines. */
export function descriptionProblem(text: string): string | undefined {
  if (text.trim().length === 0) return 'it is empty';
  if (text.length > 1024) return 'it is longer than 1024 characters';
  // eslint-disable-next-line no-control-regex
  if (/["\\<>\u0000-\u001f]/.test(text))
    return 'it may not hold quotes, backslashes, < or >, or control characters';
  return undefined;
}
