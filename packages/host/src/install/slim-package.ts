// The package.json npm sees in a store folder: only what running the skill needs. npm resolves
// every dependency a package.json names before `--omit=dev` leaves some out, so a skill's
// devDependencies (test tools, the CLI) would be fetched, or fail with E404 on a registry that
// lacks them, for nothing. Scripts never run here and workspace fields mean nothing outside the
// author's checkout. What is removed is kept under one key of the same file, so `info` on the
// installed skill still shows it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Fields that only matter in the author's checkout or at publish time. */
export const DEV_ONLY_FIELDS = [
  'devDependencies',
  'scripts',
  'workspaces',
  'pnpm',
  'packageManager',
  'devEngines',
  'publishConfig',
] as const;

/** Where the removed fields are recorded in the rewritten package.json. */
export const REMOVED_KEY = 'openclawRemoved';

export interface Slimmed {
  /** The package.json as npm should see it. */
  packageJson: Record<string, unknown>;
  /** The fields taken out, as they were (empty when there was nothing to remove). */
  removed: Record<string, unknown>;
}

/** Pure: the package.json without its dev-only fields, and those fields. */
export function slimPackageJson(raw: Record<string, unknown>): Slimmed {
  const packageJson: Record<string, unknown> = {};
  const removed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((DEV_ONLY_FIELDS as readonly string[]).includes(key)) removed[key] = value;
    else packageJson[key] = value;
  }
  if (Object.keys(removed).length > 0) {
    // A package rewritten twice (restore over a kept folder) keeps the first record.
    const before = raw[REMOVED_KEY];
    packageJson[REMOVED_KEY] =
      before && typeof before === 'object' ? { ...before, ...removed } : removed;
  }
  return { packageJson, removed };
}

/** Rewrites `<dir>/package.json` in place; returns the fields it removed. */
export async function slimStoredPackage(dir: string): Promise<Record<string, unknown>> {
  const file = join(dir, 'package.json');
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return {}; // No package.json (a SKILL.md folder) or one inspect already refused.
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const { packageJson, removed } = slimPackageJson(raw as Record<string, unknown>);
  if (Object.keys(removed).length > 0) {
    await writeFile(file, `${JSON.stringify(packageJson, null, 2)}\n`);
  }
  return removed;
}
