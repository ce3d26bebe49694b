// The current catalog snapshot and its version counter. Each publish makes a new,
// immutable snapshot with the next version; readers keep whichever snapshot they hold.
import type { Problem } from '@openclaw/skill-sdk';
import { createSnapshot } from './snapshot.js';
import type { CatalogSnapshot, SkillRecord } from './types.js';

export interface Catalog {
  current(): CatalogSnapshot;
  /** Replaces the current snapshot with one of the next version and returns it. */
  publish(records: readonly SkillRecord[], problems?: readonly Problem[]): CatalogSnapshot;
}

export function createCatalog(): Catalog {
  let version = 0;
  let snapshot = createSnapshot(version, []);
  return {
    current: () => snapshot,
    publish(records, problems = []) {
      snapshot = createSnapshot(++version, records, problems);
      return snapshot;
    },
  };
}
