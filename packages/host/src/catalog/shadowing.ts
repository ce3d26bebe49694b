// Skills of the same name from two sources: one serves, the other is hidden. Both sides get a
// warning naming both sources and folders, so `list`, the control API and the dashboard never
// hide the fact that a workspace folder is masking an installed skill (or the reverse).
import type { SkillRecord } from './types.js';

export interface ShadowWarning {
  code: 'SHADOWS_SKILL' | 'SHADOWED_BY_SKILL';
  message: string;
}

const where = (r: SkillRecord) => `${r.source.kind} (${r.dir})`;

/** The shadowing warnings of each record that has any, keyed by the record's folder. */
export function shadowWarnings(records: readonly SkillRecord[]): Map<string, ShadowWarning[]> {
  const out = new Map<string, ShadowWarning[]>();
  const add = (dir: string, w: ShadowWarning) => out.set(dir, [...(out.get(dir) ?? []), w]);
  for (const hidden of records) {
    if (!hidden.shadowedBy) continue;
    const winner = records.find((r) => r.dir === hidden.shadowedBy && r.name === hidden.name);
    const by = winner ? where(winner) : hidden.shadowedBy;
    add(hidden.dir, {
      code: 'SHADOWED_BY_SKILL',
      message: `${hidden.name} from ${where(hidden)} is shadowed by ${hidden.name} from ${by}: it does not serve while that one is there.`,
    });
    if (winner) {
      add(winner.dir, {
        code: 'SHADOWS_SKILL',
        message: `${winner.name} from ${where(winner)} shadows ${hidden.name} from ${where(hidden)}, which does not serve.`,
      });
    }
  }
  return out;
}
