// A cross-process lock: a file created with O_EXCL holding the owner's pid. A lock whose
// owner is gone (pid not alive) or that is older than `staleMs` is taken over, so a crashed
// CLI never blocks a running host for long. Waiters poll with jitter.
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { SkillError } from '@openclaw/skill-sdk';
import { pidAlive } from '../pid-alive.js';

export interface LockOptions {
  staleMs?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stale(file: string, staleMs: number): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const pid = Number(text.split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid)) return true;
    return Date.now() - info.mtimeMs > staleMs;
  } catch {
    return false; // gone already, or being written: try again
  }
}

export async function withFileLock<T>(
  file: string,
  fn: () => Promise<T>,
  opts: LockOptions = {},
): Promise<T> {
  const staleMs = opts.staleMs ?? 60_000;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const started = Date.now();
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n${new Date().toISOString()}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (await stale(file, staleMs)) {
        await unlink(file).catch(() => undefined);
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        throw new SkillError(
          'AUTH_FAILED',
          `Timed out waiting for the lock ${file}; delete it if no other process of this host is running.`,
          { file },
        );
      }
      await sleep(wait / 2 + Math.random() * wait);
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(file).catch(() => undefined);
  }
}
