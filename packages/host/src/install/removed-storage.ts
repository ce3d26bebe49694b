// What `remove` does with a skill's storage (`<home>/storage/<name>`): it is the user's data
// (a counter, a cache, what the skill remembered), so it is kept unless the user asks for
// `purge`, and the result says which, so the CLI can tell them.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { InstallResult } from './types.js';

export async function settleRemovedStorage(
  result: InstallResult,
  o: { dir: string; purge: boolean },
): Promise<InstallResult> {
  if (o.purge) await rm(o.dir, { recursive: true, force: true });
  if (!o.purge && !existsSync(o.dir)) return result;
  return { ...result, storage: { dir: o.dir, kept: !o.purge } };
}
