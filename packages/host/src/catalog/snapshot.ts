import type { Problem } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord, ToolRecord } from './types.js';

/** Builds an immutable snapshot from scanned records (pure apart from the clock). */
export function createSnapshot(
  version: number,
  records: readonly SkillRecord[],
  problems: readonly Problem[] = [],
): CatalogSnapshot {
  const skills = [...records].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.source.precedence - b.source.precedence,
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
    byName: sealMap(byName),
    tools: sealMap(tools),
    problems: Object.freeze([...problems]),
    memo<T>(key: string, compute: () => T): T {
      if (!cache.has(key)) cache.set(key, compute());
      return cache.get(key) as T;
    },
  });
}

const refuse = () => {
  throw new TypeError('A catalog snapshot is immutable; rescan to get a new one.');
};

/** Makes a Map refuse writes (reads stay plain Map lookups: no wrapper on the hot path). */
function sealMap<K, V>(map: Map<K, V>): ReadonlyMap<K, V> {
  for (const method of ['set', 'delete', 'clear'] as const) {
    Object.defineProperty(map, method, { value: refuse, enumerable: false });
  }
  return Object.freeze(map);
}
