// Skills another tool installed and keeps: ClawHub (`clawhub install` writes
// `<skill>/.clawhub/origin.json` and `<workdir>/.clawhub/lock.json`) and the `skills` CLI
// (`npx skills add` records each skill in `skills-lock.json` at the project's root, or in
// `~/.agents/.skill-lock.json` for global installs). Their version and source are shown by
// `list` and the dashboard, and `update`/`remove` leave such a skill to that tool.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { ManagedBy, SkillRecord, SkillSource } from '../catalog/types.js';

/** Lock files read during one scan (a source's lock is read once, not once per skill). */
export type LockCache = Map<string, Record<string, unknown> | null>;

/** Lock and origin files are a few kB; a bigger one is not theirs. */
const MAX_BYTES = 1024 * 1024;

function readJsonObject(file: string, cache?: LockCache): Record<string, unknown> | null {
  const known = cache?.get(file);
  if (known !== undefined) return known;
  let value: Record<string, unknown> | null = null;
  try {
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      const parsed: unknown = text.length <= MAX_BYTES ? JSON.parse(text) : null;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        value = parsed as Record<string, unknown>;
    }
  } catch {
    // A broken file of another tool is that tool's to fix: the skill shows as unmanaged.
  }
  cache?.set(file, value);
  return value;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function entryOf(
  lock: Record<string, unknown> | null,
  key: string,
): Record<string, unknown> | undefined {
  const skills = lock?.skills;
  if (typeof skills !== 'object' || skills === null || !Object.hasOwn(skills, key))
    return undefined;
  const entry = (skills as Record<string, unknown>)[key];
  return typeof entry === 'object' && entry !== null
    ? (entry as Record<string, unknown>)
    : undefined;
}

/** ClawHub: the skill's origin.json, else its workdir's lock.json (older names too). */
function clawhub(dir: string, cache: LockCache): ManagedBy | undefined {
  // `dir` is the reader's (absolute, normalised): the child paths need no join().
  const base = dir.endsWith(sep) ? dir : dir + sep;
  for (const dot of ['.clawhub', '.clawdhub']) {
    if (!existsSync(base + dot)) continue;
    const file = join(dir, dot, 'origin.json');
    const origin = readJsonObject(file);
    const slug = str(origin?.slug);
    if (origin && slug) {
      const version = str(origin.installedVersion);
      const registry = str(origin.registry);
      return {
        tool: 'clawhub',
        file,
        source: slug,
        ...(version && { version }),
        ...(registry && { registry }),
      };
    }
  }
  const slug = basename(dir);
  const workdir = dirname(dirname(dir));
  for (const dot of ['.clawhub', '.clawdhub']) {
    const file = join(workdir, dot, 'lock.json');
    const entry = entryOf(readJsonObject(file, cache), slug);
    if (!entry) continue;
    const version = str(entry.version);
    return { tool: 'clawhub', file, source: slug, ...(version && { version }) };
  }
  return undefined;
}

/** The `skills` CLI's lock for a source folder: project `skills-lock.json`, global `.skill-lock.json`. */
function skillsLockFile(source: SkillSource): string | undefined {
  if (source.kind === 'workspace-agents')
    return join(dirname(dirname(source.dir)), 'skills-lock.json');
  if (source.kind === 'user-agents') return join(dirname(source.dir), '.skill-lock.json');
  return undefined;
}

function skillsCli(record: SkillRecord, cache: LockCache): ManagedBy | undefined {
  const file = skillsLockFile(record.source);
  if (!file) return undefined;
  const lock = readJsonObject(file, cache);
  const entry = entryOf(lock, basename(record.dir)) ?? entryOf(lock, record.name);
  if (!entry) return undefined;
  const source = str(entry.source);
  // The lock pins a ref (branch, tag or commit) or a hash of the folder: the closest thing to
  // a version this tool keeps.
  const hash = str(entry.computedHash) ?? str(entry.skillFolderHash);
  const version = str(entry.ref) ?? (hash && hash.slice(0, 12));
  return { tool: 'skills', file, ...(source && { source }), ...(version && { version }) };
}

/** The record with `managedBy` (and its version, when the skill declares none) where it applies. */
export function withManagedBy(record: SkillRecord, cache: LockCache): SkillRecord {
  const kind = record.source.kind;
  if (kind === 'store' || kind === 'builtin' || kind === 'mcp' || kind === 'package') return record;
  const managed = clawhub(record.dir, cache) ?? skillsCli(record, cache);
  if (!managed) return record;
  const version = record.version === '0.0.0' && managed.version ? managed.version : record.version;
  return { ...record, version, managedBy: managed };
}

/** The command that updates or removes a skill in the tool that manages it. */
export function managerCommand(
  m: Omit<ManagedBy, 'file'>,
  verb: 'update' | 'remove',
  name: string,
): string {
  if (m.tool === 'clawhub')
    return `clawhub ${verb === 'remove' ? 'uninstall' : 'update'} ${m.source ?? name}`;
  return `npx skills ${verb} ${name}`;
}
