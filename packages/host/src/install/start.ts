// What a starting host does about changes a killed process left in its store: when the
// journal or the staging area holds anything, reconcile (finish or undo each change) before
// the first scan reads the store. The common case, nothing left, costs two readdirs and loads
// none of the installer.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { InstallState } from './state.js';
import type { InstallFix } from './reconcile.js';

/** Generations kept besides `current` when the config does not say. */
export const DEFAULT_KEEP_GENERATIONS = 2;

const hasEntries = (dir: string): boolean => {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
};

export async function settleOnStart(o: {
  store: string;
  state: InstallState;
  keepGenerations: number;
}): Promise<InstallFix[]> {
  if (!hasEntries(join(o.store, '.journal')) && !hasEntries(join(o.store, '.staging'))) return [];
  const [{ reconcileInstalls }, { storeLayout }] = await Promise.all([
    import('./reconcile.js'),
    import('./store.js'),
  ]);
  return reconcileInstalls({
    layout: storeLayout(o.store),
    state: o.state,
    keepGenerations: () => o.keepGenerations,
  });
}
