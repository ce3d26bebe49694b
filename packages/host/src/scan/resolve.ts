// Catalog-wide rules over the scanned records, pure: the first source wins on equal names
// (the others stay listed with `shadowedBy`), and two ready skills whose tools map to the
// same wire name cannot both load (the later one becomes invalid, naming both).
import { join } from 'node:path';
import type { Problem } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { findWireCollisions } from '../formats/names.js';

// Stable sort on numbers only: the scan hands records over source by source with each
// source's folders already sorted by name, so ties keep that order.
const byPrecedence = (a: SkillRecord, b: SkillRecord) => a.source.precedence - b.source.precedence;

/** Marks every record beaten by a same-named record from an earlier source. */
export function applyShadowing(records: readonly SkillRecord[]): SkillRecord[] {
  const winners = new Map<string, SkillRecord>();
  return [...records].sort(byPrecedence).map((r) => {
    const winner = winners.get(r.name);
    if (!winner) {
      winners.set(r.name, r);
      return r;
    }
    return { ...r, shadowedBy: winner.dir };
  });
}

/**
 * Finds wire-name collisions between ready, unshadowed skills in precedence order and
 * makes each later colliding skill invalid. Repeats until stable, because a skill taken
 * out may have been the only reason a still-later skill collided.
 */
export function applyCollisions(records: readonly SkillRecord[]): {
  records: SkillRecord[];
  problems: Problem[];
} {
  let out = [...records].sort(byPrecedence);
  const catalogProblems: Problem[] = [];
  for (;;) {
    const ready = out.filter((r) => r.status === 'ready' && !r.shadowedBy);
    const collisions = findWireCollisions(ready.flatMap((r) => r.tools));
    if (collisions.length === 0) break;
    // Only the first collision's skill is taken out per round; the rest are re-checked.
    const first = collisions[0]!;
    const loser = ready.find((r) => r.tools.some((t) => t.name === first.field));
    if (!loser) break;
    const problem: Problem = { ...first, file: join(loser.dir, 'manifest.json') };
    catalogProblems.push(problem);
    out = out.map((r) =>
      r === loser ? { ...r, status: 'invalid', problems: [...r.problems, problem] } : r,
    );
  }
  return { records: out, problems: catalogProblems };
}

/** Freezes a record and what it owns, so a snapshot can be shared without copies. */
export function freezeRecord(r: SkillRecord): SkillRecord {
  for (const t of r.tools) Object.freeze(t);
  Object.freeze(r.tools);
  for (const p of r.problems) Object.freeze(p);
  Object.freeze(r.problems);
  deepFreeze(r.config);
  return Object.freeze(r);
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
