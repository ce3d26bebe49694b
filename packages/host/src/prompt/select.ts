// Which skills the model is told about: the winning record of each name that is ready,
// docs or code, and not one of the host's own (those are tools, not instructions).
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';

const byName = (a: SkillRecord, b: SkillRecord) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The prompt-visible skills of a snapshot, sorted by name (computed once per snapshot). */
export function promptSkills(snapshot: CatalogSnapshot): readonly SkillRecord[] {
  return snapshot.memo('prompt:skills', () =>
    Object.freeze(
      [...snapshot.byName.values()]
        .filter(
          (s) =>
            !s.shadowedBy &&
            s.status === 'ready' &&
            (s.kind === 'docs' || s.kind === 'code') &&
            s.source.kind !== 'builtin',
        )
        .sort(byName),
    ),
  );
}
