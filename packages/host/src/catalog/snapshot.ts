import type { Problem } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord, ToolRecord } from './types.js';

/** Builds an immutable snapshot from scanned records (pure apart from the clock). */
export function createSnapshot(
  version: number,
  records: readonly SkillRecord[],
  problems: readonly Problem[] = [],
): CatalogSnapshot {
  const skills = [...records].sort(
    (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.source.precedence - b.source.precedence),
  );
  const byName = new Map<string, SkillRecord>();
  const tools = new Map<string, ToolRecord>();
  for (const s of skills) {
    if (s.shadowedBy || byName.has(s.name)) continue;
    byName.set(s.name, s);
    if (s.status === 'ready') for (const t of s.tools) tools.set(t.name, t);
  }
  const cache = new Map<string, unknown>();
  return Object.freeze({
    version,
    createdAt: Date.now(),
    skills: Object.freeze(skills),
    byName,
    tools,
    problems: Object.freeze([...problems]),
    memo<T>(key: string, compute: () => T): T {
      if (!cache.has(key)) cache.set(key, compute());
      return cache.get(key) as T;
    },
  });
}
