// `sync`: makes this host's store serve exactly what the lockfile lists, for hosts that share
// one (another host installed, updated, removed or rolled back a skill). Everything missing
// is fetched first, then the links move and one generation swap publishes it all; a failed
// swap puts every link back, so a failure at any step leaves the serving generation as it was.
// What is fetched is the package's exact bytes from the shared store when it keeps them
// (checked against the entry's integrity here, before anything is unpacked), so a tarball or
// folder only the installing host had installs here too; else the registry's tarball.
import { readdir, rm } from 'node:fs/promises';
import { isSkillError, SkillError } from '@openclaw/skill-sdk';
import writeFileAtomic from 'write-file-atomic';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import { decodeFileName } from '../paths.js';
import { checkPackageBytes, withPackageFile } from './package-bytes.js';
import type { InstallState } from './state.js';
import { linkedVersion, pointTo, readVersionEntry, type StoreLayout } from './store.js';
import type { InstallOptions, InstallResult, LockEntry } from './types.js';

/** What the host's swap must find for one skill: its store folder, or none (removed). */
interface Expectation {
  name: string;
  dir: string | undefined;
}

export interface SyncDeps {
  layout: StoreLayout;
  state: InstallState;
  /**
   * Puts exactly `entry` into the store (unless it is there) and returns its folder: from
   * the registry for registry entries, else from `entry.resolved`.
   */
  ensureVersion(entry: LockEntry, opts: InstallOptions): Promise<string>;
  swap(expect: readonly Expectation[]): Promise<{
    snapshot: CatalogSnapshot;
    records: ReadonlyMap<string, SkillRecord>;
  }>;
}

/** Skills this host's store serves from npm (those with a `current` link), by version. */
export async function installedHere(layout: StoreLayout): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = await readdir(layout.root);
  } catch {
    return new Map();
  }
  const out = new Map<string, string>();
  for (const encoded of names) {
    const name = encoded.startsWith('.') ? undefined : decodeFileName(encoded);
    if (name === undefined) continue;
    const version = await linkedVersion(layout, name, 'current');
    if (version !== undefined) out.set(name, version);
  }
  return out;
}

export async function syncStore(d: SyncDeps, opts: InstallOptions): Promise<InstallResult[]> {
  const { layout } = d;
  const progress = opts.onProgress ?? (() => undefined);
  const lock = await d.state.read();
  const here = await installedHere(layout);
  const wanted: LockEntry[] = [];
  for (const e of Object.values(lock.skills)) {
    if (here.get(e.name) !== e.version) wanted.push(e);
    // Same version, other contents (a republished tarball, another source): fetch again.
    else if ((await readVersionEntry(layout, e.name, e.version))?.integrity !== e.integrity)
      wanted.push(e);
  }
  const gone = [...here.keys()].filter((n) => !Object.hasOwn(lock.skills, n));
  if (wanted.length === 0 && gone.length === 0) return [];

  const dirs = new Map<string, string>();
  for (const entry of wanted) {
    progress({ step: 'fetch', detail: `${entry.name}@${entry.version}` });
    try {
      dirs.set(entry.name, await ensureShared(d, entry, opts));
    } catch (e) {
      throw notFollowed(entry, e);
    }
  }
  const undo: (() => Promise<void>)[] = [];
  const expect: Expectation[] = [];
  const results: Omit<InstallResult, 'snapshot' | 'tools'>[] = [];
  for (const entry of wanted) {
    const current = here.get(entry.name);
    const previous = await linkedVersion(layout, entry.name, 'previous');
    undo.push(async () => {
      await pointTo(layout, entry.name, 'current', current);
      await pointTo(layout, entry.name, 'previous', previous);
    });
    if (current !== undefined && current !== entry.version)
      await pointTo(layout, entry.name, 'previous', current);
    await pointTo(layout, entry.name, 'current', entry.version);
    const dir = dirs.get(entry.name)!;
    expect.push({ name: entry.name, dir });
    results.push({
      action: current === undefined ? 'installed' : 'updated',
      name: entry.name,
      version: entry.version,
      ...(current !== undefined && { previousVersion: current }),
      dir,
    });
  }
  for (const name of gone) {
    const current = here.get(name)!;
    undo.push(() => pointTo(layout, name, 'current', current));
    await pointTo(layout, name, 'current', undefined);
    expect.push({ name, dir: undefined });
    results.push({ action: 'removed', name, version: current });
  }
  progress({ step: 'load', detail: `${expect.length} skill(s)` });
  let swapped;
  try {
    swapped = await d.swap(expect);
  } catch (e) {
    for (const u of undo) await u().catch(() => undefined);
    throw e;
  }
  // Calls in flight finish on the code already loaded; the files of removed skills go now.
  for (const name of gone) await rm(layout.skillDir(name), { recursive: true, force: true });
  return results.map((r) => ({
    ...r,
    tools: swapped.records.get(r.name)?.tools.map((t) => t.name) ?? [],
    snapshot: swapped.snapshot.version,
  }));
}

/**
 * Puts `entry` into the store from the bytes the shared store keeps for it (integrity checked
 * first), or as `ensureVersion` does when it keeps none (entries recorded before it kept them).
 */
async function ensureShared(d: SyncDeps, entry: LockEntry, opts: InstallOptions): Promise<string> {
  const { layout } = d;
  const have = await readVersionEntry(layout, entry.name, entry.version);
  if (have?.integrity === entry.integrity) return layout.versionDir(entry.name, entry.version);
  const bytes = await d.state.readPackage?.(entry);
  if (!bytes) return d.ensureVersion(entry, opts);
  checkPackageBytes(bytes, entry, d.state.where);
  return withPackageFile(bytes, layout.root, async (file) => {
    // Installed from the file (pacote checks the integrity again as it unpacks), with the
    // dependencies from the entry's registry; then the store keeps the entry as recorded.
    const dir = await d.ensureVersion(
      { ...entry, resolved: `file:${file}`, registry: undefined },
      { ...opts, ...(entry.registry && !opts.registry && { registry: entry.registry }) },
    );
    await writeFileAtomic(
      layout.entryFile(entry.name, entry.version),
      `${JSON.stringify(entry, null, 2)}\n`,
    );
    return dir;
  });
}

/** A failure to put one entry into this store, naming it (`details.skill`, `details.version`). */
function notFollowed(entry: LockEntry, e: unknown): SkillError {
  const message = (e as Error)?.message ?? String(e);
  const hint = isSkillError(e) ? e.hint : undefined;
  const what = `${entry.name}@${entry.version}`;
  return new SkillError(
    'INSTALL_FAILED',
    message.includes(what) ? message : `${what} could not be installed here: ${message}`,
    {
      cause: e,
      ...(hint && { hint }),
      details: { skill: entry.name, version: entry.version },
    },
  );
}
