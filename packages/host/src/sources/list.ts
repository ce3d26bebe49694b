// The ordered skill sources. First wins on equal names; the order
// here is the contract users rely on to override a skill by dropping one in their workspace.
import { isAbsolute, join, resolve } from 'node:path';
import type { SkillSource, SourceKind } from '../catalog/types.js';

export interface SourceOptions {
  /** The workspace whose `skills/` and `.agents/skills/` come first. */
  workspace: string;
  /** The user's home folder (`~`). */
  userHome: string;
  /** The host home (its npm store is `<home>/store`). */
  home: string;
  /**
   * Folders that are each one skill, read before every other source (the CLI passes the
   * workspace when it holds a SKILL.md itself: an author working in the skill's own folder).
   */
  skillFolders?: readonly string[];
  /** Extra folders from the library options (relative to the current folder). */
  extra?: readonly string[];
  /** Extra folders from the host config (relative to the host home; `~/` allowed). */
  configSources?: readonly string[];
}

/** Extra sources start here so built-in precedences stay stable however many there are. */
const EXTRA_BASE = 10;

function expand(dir: string, base: string, userHome: string): string {
  if (dir === '~') return userHome;
  if (dir.startsWith('~/')) return join(userHome, dir.slice(2));
  return isAbsolute(dir) ? resolve(dir) : resolve(base, dir);
}

export function listSources(opts: SourceOptions): SkillSource[] {
  const builtin: [SourceKind, string][] = [
    ...(opts.skillFolders ?? []).map((dir): [SourceKind, string] => ['package', dir]),
    ['workspace', join(opts.workspace, 'skills')],
    ['workspace-agents', join(opts.workspace, '.agents', 'skills')],
    ['user-agents', join(opts.userHome, '.agents', 'skills')],
    ['user-openclaw', join(opts.userHome, '.openclaw', 'skills')],
    ['store', join(opts.home, 'store')],
  ];
  const sources: SkillSource[] = builtin.map(([kind, dir], precedence) => ({
    kind,
    dir: resolve(dir),
    precedence,
  }));
  const extras = [
    ...(opts.extra ?? []).map((d) => expand(d, process.cwd(), opts.userHome)),
    ...(opts.configSources ?? []).map((d) => expand(d, opts.home, opts.userHome)),
  ];
  extras.forEach((dir, i) => sources.push({ kind: 'extra', dir, precedence: EXTRA_BASE + i }));
  // The same folder listed twice (e.g. an extra source equal to the workspace's) counts once,
  // at its highest precedence, so a skill is never shadowed by itself.
  const seen = new Set<string>();
  return sources.filter((s) => (seen.has(s.dir) ? false : (seen.add(s.dir), true)));
}
