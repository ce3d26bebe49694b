// InstallState: what is installed (the lockfile: each skill's exact
// version, which is the generation every host should serve) and a feed of changes to it. The
// installer reads and records through this interface only; `serve` and the host follow the
// feed. Two implementations: files (`<home>/skills.lock.json`, one machine; the host's
// file watcher is its feed) and Postgres (pg/install-state.ts: rows, LISTEN/NOTIFY).
import { readLock, withEntry, withoutEntry, writeLock } from './lockfile.js';
import type { LockEntry, LockFile } from './types.js';

export type InstallChangeAction = 'install' | 'update' | 'remove' | 'rollback';

export interface InstallChange {
  name: string;
  action: InstallChangeAction;
  /** The entry now installed; absent after `remove`. */
  entry?: LockEntry;
}

export interface InstallFeed {
  close(): Promise<void>;
}

export interface InstallState {
  readonly kind: 'files' | 'postgres';
  /** Where the lockfile lives, for messages (a path, or the database without password). */
  readonly where: string;
  read(): Promise<LockFile>;
  /**
   * Throws when a change could not be recorded now (the database is unreachable), so the
   * installer refuses before it swaps anything in.
   */
  check?(): Promise<void>;
  /** Records one skill's new entry (or its removal) at once, and announces it. */
  record(change: InstallChange): Promise<void>;
  /**
   * Calls `onChange` after every change any host records (this one's too) and after the feed
   * reconnects (changes may have been missed meanwhile), so the caller reconciles with `read`.
   * Absent on files: one machine has one installer, and `watch()` sees the lockfile change.
   */
  subscribe?(onChange: () => void): Promise<InstallFeed>;
}

export function createFileInstallState(file: string): InstallState {
  return {
    kind: 'files',
    where: file,
    read: () => readLock(file),
    async record(change) {
      const lock = await readLock(file);
      await writeLock(
        file,
        change.entry ? withEntry(lock, change.entry) : withoutEntry(lock, change.name),
      );
    },
  };
}
