// A skill's persistent key-value storage: one JSON file per key under
// <home>/storage/<skill>/. Writes go through write-file-atomic (temp file, fsync, rename),
// so a crash mid-write leaves the previous value; leftover temp files never look like keys.
import { mkdir, readFile, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { SkillError, type SkillStorage } from '@openclaw/skill-sdk';
import { decodeFileName, encodeFileName } from '../paths.js';

const SUFFIX = '.json';
/** Encoded names stay well under the common 255-byte file name limit. */
const MAX_ENCODED = 200;

/** The file a key is stored in; INVALID_INPUT for an empty, non-string or too long key. */
function storageFile(dir: string, key: unknown): string {
  if (typeof key !== 'string' || key === '') {
    throw new SkillError('INVALID_INPUT', 'A storage key must be a non-empty string.');
  }
  const encoded = encodeFileName(key);
  if (encoded.length > MAX_ENCODED) {
    throw new SkillError(
      'INVALID_INPUT',
      `The storage key "${key.slice(0, 40)}…" is too long; use a key under about 60 characters.`,
    );
  }
  return join(dir, encoded + SUFFIX);
}

/** Runs operations on one key in the order they were asked, a failure not stopping the next. */
function perKeyQueue() {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(file: string, op: () => Promise<T>): Promise<T> => {
    const prev = queues.get(file) ?? Promise.resolve();
    const run = prev.then(op, op);
    const tail = run.catch(() => undefined);
    queues.set(file, tail);
    void tail.then(() => {
      if (queues.get(file) === tail) queues.delete(file);
    });
    return run;
  };
}

export function createSkillStorage(dir: string): SkillStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }));
  // Operations on one key run in order, so a delete after a set cannot be undone by the
  // set's late rename.
  const inOrder = perKeyQueue();
  const fileFor = (key: unknown): string => storageFile(dir, key);

  const remove = async (key: string) => {
    const file = fileFor(key);
    await inOrder(file, () =>
      unlink(file).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      }),
    );
  };

  return {
    async get<T>(key: string): Promise<T | undefined> {
      const file = fileFor(key);
      let text: string;
      try {
        text = await inOrder(file, () => readFile(file, 'utf8'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new SkillError(
          'INTERNAL',
          `Storage file ${file} is not valid JSON; delete it to reset key "${key}".`,
          { file },
        );
      }
    },
    async set(key, value) {
      const file = fileFor(key);
      if (value === undefined) return remove(key);
      let text: string | undefined;
      try {
        text = JSON.stringify(value) as string | undefined;
      } catch (e) {
        throw new SkillError(
          'INVALID_INPUT',
          `Storage value for "${key}" is not JSON-serializable: ${(e as Error).message}`,
        );
      }
      // JSON.stringify drops or changes what it cannot represent (a function becomes nothing,
      // NaN null): refuse it before anything is written, rather than store something else.
      const problem =
        text === undefined
          ? `it is ${value === undefined ? 'undefined' : `a ${typeof value}`}`
          : unrepresentable(value);
      if (problem !== undefined || text === undefined) {
        throw new SkillError(
          'INVALID_INPUT',
          `Storage value for "${key}" cannot be stored as JSON: ${problem ?? 'it has no JSON form'}.`,
          {
            hint: 'Store plain data: objects, arrays, strings, finite numbers, booleans and null.',
          },
        );
      }
      // Join the key's queue now, not after the folder exists: a `get` called right after an
      // un-awaited `set` must queue behind it and read the new value.
      await inOrder(file, async () => {
        await ensureDir();
        await writeFileAtomic(file, text, { fsync: true, mode: 0o600 });
      });
    },
    delete: remove,
    async keys(prefix = '') {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
      const keys: string[] = [];
      for (const name of names) {
        // Temp files are `<name>.json.<hash>`: they do not end in .json and are skipped.
        if (!name.endsWith(SUFFIX)) continue;
        const key = decodeFileName(name.slice(0, -SUFFIX.length));
        if (key !== undefined && key.startsWith(prefix)) keys.push(key);
      }
      return keys.sort();
    },
  };
}

/** Where a value holds something JSON cannot represent (functions, symbols, NaN), if anywhere. */
function unrepresentable(value: unknown): string | undefined {
  const seen = new Set<object>();
  const walk = (v: unknown, path: string, depth: number): string | undefined => {
    switch (typeof v) {
      case 'function':
      case 'symbol':
        return `${path || 'the value'} is a ${typeof v}`;
      case 'number':
        return Number.isFinite(v) ? undefined : `${path || 'the value'} is ${String(v)}`;
      case 'object':
        break;
      default:
        return undefined;
    }
    if (v === null || seen.has(v) || depth > 1000) return undefined;
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return undefined; // Date, ...
    if (v instanceof Map || v instanceof Set)
      return `${path || 'the value'} is a ${v instanceof Map ? 'Map' : 'Set'}`;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const p = walk(v[i], `${path}[${i}]`, depth + 1);
        if (p) return p;
      }
      return undefined;
    }
    for (const k of Object.keys(v)) {
      const p = walk((v as Record<string, unknown>)[k], `${path}.${k}`, depth + 1);
      if (p) return p;
    }
    return undefined;
  };
  return walk(value, '', 0);
}
