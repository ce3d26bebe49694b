// Unpacking a .zip or .tgz of a skill folder into a staging folder, refusing what could write
// outside it: absolute paths, `..` segments, symlinks whose target leaves the archive's
// root, hard links and device files. Every entry is checked before anything is written, so
// a refused archive leaves nothing behind. File modes are kept (scripts stay executable);
// nothing in the archive runs.
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { dirname, isAbsolute, posix, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SkillError } from '@openclaw/skill-sdk';

/** What an archive may unpack to in all, against decompression bombs. */
export const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

export interface ArchiveEntry {
  path: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  /** Symlink target as stored. */
  target?: string;
}

/**
 * Why an entry must not be unpacked, or undefined when it is safe. Pure: an entry is safe
 * when its path and (for a symlink) its target stay inside the archive's root.
 */
export function unsafeEntry(e: ArchiveEntry): string | undefined {
  const p = e.path.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || isAbsolute(e.path)) return 'an absolute path';
  if (p.split('/').includes('..')) return 'a ".." path that leaves the folder';
  if (e.type === 'other') return 'neither a file, a folder nor a symlink';
  if (e.type === 'symlink') {
    const t = (e.target ?? '').replace(/\\/g, '/');
    if (t.startsWith('/') || /^[A-Za-z]:/.test(t)) return `a symlink to the absolute path ${t}`;
    const landed = posix.normalize(posix.join(posix.dirname(p), t));
    if (landed === '..' || landed.startsWith('../')) return `a symlink to ${t}, outside the folder`;
  }
  return undefined;
}

function refuse(file: string, e: ArchiveEntry, why: string): SkillError {
  return new SkillError('PATH_UNSAFE', `${file} holds ${e.path}, ${why}; nothing was installed.`, {
    file,
    hint: 'Pack the skill folder again (zip -r / tar czf from inside its parent folder).',
  });
}

function checkAll(file: string, entries: readonly ArchiveEntry[]): void {
  for (const e of entries) {
    const why = unsafeEntry(e);
    if (why) throw refuse(file, e, why);
  }
}

/** Unpacks a .tgz/.tar.gz/.tar into `dest` after checking every entry. */
export async function extractTar(file: string, dest: string): Promise<void> {
  const tar = await import('tar');
  const entries: ArchiveEntry[] = [];
  let total = 0;
  await tar.t({
    file,
    onReadEntry: (entry) => {
      total += entry.size ?? 0;
      const type =
        entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile'
          ? 'file'
          : entry.type === 'Directory'
            ? 'directory'
            : entry.type === 'SymbolicLink'
              ? 'symlink'
              : 'other';
      entries.push({ path: entry.path, type, ...(entry.linkpath && { target: entry.linkpath }) });
    },
  });
  checkAll(file, entries);
  if (total > MAX_ARCHIVE_BYTES) throw tooBig(file, total);
  await tar.x({ file, cwd: dest, preserveOwner: false, strict: true });
}

/** A tarball `npm pack` made (package.json at the top of its one folder): npm's fetcher takes it. */
export async function isNpmTarball(file: string): Promise<boolean> {
  const tar = await import('tar');
  let found = false;
  try {
    await tar.t({
      file,
      onReadEntry: (entry) => {
        if (/^[^/]+\/package\.json$/.test(entry.path)) found = true;
        entry.resume();
      },
    });
  } catch {
    // Not a readable tarball: npm's fetcher says so in its own words.
    return true;
  }
  return found;
}

const tooBig = (file: string, bytes: number) =>
  new SkillError(
    'INSTALL_FAILED',
    `${file} unpacks to ${Math.round(bytes / 1024 / 1024)} MiB, more than the ${MAX_ARCHIVE_BYTES / 1024 / 1024} MiB a skill archive may hold; nothing was installed.`,
    { file, hint: 'Leave large data out of the skill, or install it from a folder or git.' },
  );

type Yauzl = typeof import('yauzl');
type ZipFile = import('yauzl').ZipFile;
type ZipEntry = import('yauzl').Entry;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function zipType(e: ZipEntry): ArchiveEntry['type'] {
  if (e.fileName.endsWith('/')) return 'directory';
  const fmt = (e.externalFileAttributes >>> 16) & S_IFMT;
  if (fmt === S_IFLNK) return 'symlink';
  return fmt === 0 || fmt === 0o100000 ? 'file' : fmt === 0o040000 ? 'directory' : 'other';
}

/** Every entry of an open zip, read in order (lazyEntries). */
function zipEntries(zip: ZipFile): Promise<ZipEntry[]> {
  return new Promise((res, rej) => {
    const all: ZipEntry[] = [];
    zip.on('entry', (e: ZipEntry) => {
      all.push(e);
      zip.readEntry();
    });
    zip.on('end', () => res(all));
    zip.on('error', rej);
    zip.readEntry();
  });
}

const openStream = (zip: ZipFile, e: ZipEntry) =>
  new Promise<NodeJS.ReadableStream>((res, rej) =>
    zip.openReadStream(e, (err, s) => (err ? rej(err) : res(s))),
  );

async function readText(zip: ZipFile, e: ZipEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of (await openStream(zip, e)) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

/** Unpacks a .zip into `dest` after checking every entry (yauzl, which checks sizes too). */
export async function extractZip(file: string, dest: string): Promise<void> {
  const yauzl = (await import('yauzl')).default as Yauzl;
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((res, rej) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true },
        (err, z) => (err ? rej(err) : res(z)),
      ),
    );
  } catch (e) {
    throw new SkillError(
      'INSTALL_FAILED',
      `${file} is not a readable zip archive: ${(e as Error).message}`,
      {
        file,
        cause: e,
        hint: 'Pack the skill folder again with zip -r.',
      },
    );
  }
  try {
    const entries = await zipEntries(zip).catch((e: unknown) => {
      throw zipRefusal(file, e);
    });
    const total = entries.reduce((n, e) => n + e.uncompressedSize, 0);
    if (total > MAX_ARCHIVE_BYTES) throw tooBig(file, total);
    const described: ArchiveEntry[] = [];
    for (const e of entries) {
      const type = zipType(e);
      const target = type === 'symlink' ? await readText(zip, e) : undefined;
      described.push({ path: e.fileName, type, ...(target !== undefined && { target }) });
    }
    checkAll(file, described);
    for (const [i, e] of entries.entries()) await writeZipEntry(zip, e, described[i]!, dest);
  } finally {
    zip.close();
  }
}

/** yauzl refuses unsafe names itself (absolute, `..`, backslashes): said as ours. */
function zipRefusal(file: string, e: unknown): SkillError {
  const message = (e as Error).message ?? String(e);
  const unsafe = /relative path|absolute path|invalid characters/i.test(message);
  return new SkillError(
    unsafe ? 'PATH_UNSAFE' : 'INSTALL_FAILED',
    `${file} ${unsafe ? 'holds an entry that would land outside the skill folder' : 'is not a readable zip archive'} (${message}); nothing was installed.`,
    { file, hint: 'Pack the skill folder again with zip -r from inside its parent folder.' },
  );
}

async function writeZipEntry(zip: ZipFile, e: ZipEntry, d: ArchiveEntry, dest: string) {
  const out = resolve(dest, d.path);
  if (d.type === 'directory') {
    await mkdir(out, { recursive: true });
    return;
  }
  await mkdir(dirname(out), { recursive: true });
  if (d.type === 'symlink') {
    await symlink(d.target!, out);
    return;
  }
  await pipeline(await openStream(zip, e), createWriteStream(out, { flags: 'wx' }));
  const mode = (e.externalFileAttributes >>> 16) & 0o777;
  // Archives made on Windows carry no Unix mode: plain files then.
  if (mode) await chmod(out, mode);
}
