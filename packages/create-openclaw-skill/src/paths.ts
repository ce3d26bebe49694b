// Where the templates and the versions of our packages are. Packed, the package carries a
// copy of the top-level templates/ and a versions.json (scripts/copy-templates.mjs, run by
// prepack); in the monorepo both come from the workspace itself.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package folder (this file is in src/ or dist/). */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACE_ROOT = join(PACKAGE_ROOT, '..', '..');

/** Template authors point OPENCLAW_SKILL_TEMPLATES at a folder of their own templates. */
export function templateRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OPENCLAW_SKILL_TEMPLATES) return env.OPENCLAW_SKILL_TEMPLATES;
  const packed = join(PACKAGE_ROOT, 'templates');
  return existsSync(packed) ? packed : join(WORKSPACE_ROOT, 'templates');
}

export interface Versions {
  /** @openclaw/skill-sdk, a generated skill's one dependency. */
  sdk: string;
  /** @openclaw/skill-cli, for its `validate` script. */
  cli: string;
  /** This scaffolder. */
  create: string;
}

const readVersion = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;

export function versions(): Versions {
  const packed = join(PACKAGE_ROOT, 'versions.json');
  if (existsSync(packed)) return JSON.parse(readFileSync(packed, 'utf8')) as Versions;
  return {
    sdk: readVersion(join(WORKSPACE_ROOT, 'packages', 'sdk', 'package.json')),
    cli: readVersion(join(WORKSPACE_ROOT, 'packages', 'cli', 'package.json')),
    create: readVersion(join(PACKAGE_ROOT, 'package.json')),
  };
}
