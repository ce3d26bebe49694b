// Which MCP lists (tools, resources and the skills they carry, prompts) a new catalog
// snapshot changed. A rescan that finds what was there before
// (a watcher and an install seeing the same store change, a config write that changes
// nothing served) makes a new snapshot too; clients should hear of a list once per change.
import { createHash } from 'node:crypto';
import type { CatalogSnapshot } from '../catalog/types.js';
import { toolDefinitions } from '../formats/definitions.js';
import { promptSkills } from '../prompt/select.js';
import { servedSkill } from './skill-files.js';

export interface ListFingerprints {
  tools: string;
  resources: string;
  prompts: string;
}

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/**
 * Digests of what serve lists from a snapshot (once per snapshot). The config is part of it:
 * policy and budgets decide what each caller's list holds.
 */
export function listFingerprints(
  snapshot: CatalogSnapshot,
  config: unknown,
): Promise<ListFingerprints> {
  return snapshot.memo('serve:fingerprints', async () => {
    const settings = digest(config);
    // Every served file's digest: a changed file is a changed skills/list entry.
    const served = await Promise.all(promptSkills(snapshot).map((s) => servedSkill(snapshot, s)));
    const skills = snapshot.skills
      .filter((s) => !s.shadowedBy)
      .map((s) => [s.name, s.version, s.status, s.description, s.location, s.displayName ?? null]);
    return {
      // An installed, updated or rolled-back skill is a change of its tools even when their
      // definitions read the same: clients list again and call the new code.
      tools: digest([settings, skills, toolDefinitions(snapshot, 'mcp')]),
      resources: digest([skills, served.map((s) => s?.entry.resources ?? null)]),
      prompts: digest([settings, skills]),
    };
  });
}

/** The lists whose fingerprints differ between two snapshots' fingerprints. */
export function changedLists(
  before: ListFingerprints,
  after: ListFingerprints,
): (keyof ListFingerprints)[] {
  return (['tools', 'resources', 'prompts'] as const).filter((k) => before[k] !== after[k]);
}
