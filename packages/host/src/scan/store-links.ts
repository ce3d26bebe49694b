// `link` puts an installed skill in agents' folders as a symlink to the store's `current`
// link, and some of those folders are sources of this host too (<workspace>/skills,
// .agents/skills). Such a link is the store's skill, not a second one: the scan drops it, so
// the skill is listed once, from the store. Only names the store holds are looked at, so a
// scan without links pays no extra file-system call.
import { readlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { SkillSource } from '../catalog/types.js';

interface Candidate {
  source: SkillSource;
  dir: string;
}

export function withoutStoreLinks<C extends Candidate>(candidates: readonly C[]): C[] {
  // Store candidates are `<store>/<name>/<version>` (the real folder `current` leads to).
  const stores = new Map<string, string>();
  for (const c of candidates) {
    if (c.source.kind === 'store') stores.set(basename(dirname(c.dir)), c.source.dir);
  }
  if (stores.size === 0) return [...candidates];
  return candidates.filter((c) => {
    if (c.source.kind === 'store') return true;
    const store = stores.get(basename(c.dir));
    if (store === undefined) return true;
    try {
      const to = readlinkSync(c.dir);
      return resolve(dirname(c.dir), to) !== join(store, basename(c.dir), 'current');
    } catch {
      return true; // not a link: a skill of its own
    }
  });
}
