// GrantStore on files: the index `<home>/auth/grants.json` (metadata only, never a token,
// 0600, atomic writes) and one lock file per grant under `<home>/auth/locks`. Index updates
// re-read the file under its own lock, so a CLI and a running host never lose each other's
// changes.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { SkillError } from '@openclaw/skill-sdk';
import { encodeFileName } from '../paths.js';
import type { Grant, GrantStore } from './grants.js';
import { withFileLock } from './lock-file.js';

interface IndexFile {
  version: 1;
  grants: Record<string, Grant>;
}

export function createFileGrantStore(dir: string): GrantStore {
  const index = join(dir, 'grants.json');
  const locks = join(dir, 'locks');
  let ready: Promise<unknown> | undefined;
  const ensure = () =>
    (ready ??= mkdir(locks, { recursive: true, mode: 0o700 }).catch((e: unknown) => {
      ready = undefined;
      throw e;
    }));

  // Reads are coalesced (concurrent callers share one) and the parsed index is reused while
  // the file's identity (inode, size, mtime) is unchanged: every token request looks up its
  // grant, and atomic writes replace the inode, so a change by another process is seen.
  let cached: { key: string; data: IndexFile } | undefined;
  let reading: Promise<IndexFile> | undefined;
  const readNow = async (): Promise<IndexFile> => {
    let key: string;
    try {
      const st = await stat(index);
      key = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, grants: {} };
      throw e;
    }
    if (cached?.key === key) return cached.data;
    let text: string;
    try {
      text = await readFile(index, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, grants: {} };
      throw e;
    }
    try {
      const data = JSON.parse(text) as IndexFile;
      if (typeof data.grants !== 'object' || data.grants === null) throw new Error('no grants');
      cached = { key, data };
      return data;
    } catch {
      throw new SkillError(
        'CONFIG_INVALID',
        `${index} is not a valid grant index; move it away and log in again (openclaw-skill auth login <skill>).`,
        { file: index },
      );
    }
  };
  const read = (): Promise<IndexFile> =>
    (reading ??= readNow().finally(() => {
      reading = undefined;
    }));
  /** A private copy for read-modify-write (the cached object is shared with readers). */
  const readFresh = async (): Promise<IndexFile> => structuredClone(await readNow());

  const update = async (change: (grants: Record<string, Grant>) => void) => {
    await ensure();
    await withFileLock(join(locks, 'index.lock'), async () => {
      const data = await readFresh();
      change(data.grants);
      await writeFileAtomic(index, JSON.stringify(data, null, 2) + '\n', {
        mode: 0o600,
        fsync: true,
      });
    });
  };

  return {
    async get(id) {
      const { grants } = await read();
      return Object.hasOwn(grants, id) ? structuredClone(grants[id]) : undefined;
    },
    put: (grant) => update((g) => void (g[grant.id] = grant)),
    delete: (id) => update((g) => void delete g[id]),
    async list(filter = {}) {
      const { grants } = await read();
      return structuredClone(Object.values(grants))
        .filter(
          (g) =>
            (filter.skill === undefined || g.skill === filter.skill) &&
            (filter.provider === undefined || g.provider === filter.provider),
        )
        .sort((a, b) => a.id.localeCompare(b.id));
    },
    async withLock(id, fn) {
      await ensure();
      return withFileLock(join(locks, `${encodeFileName(id)}.lock`), fn);
    },
  };
}
