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

/** Why this host cannot serve what the shared lockfile lists, while it keeps trying. */
export interface FollowStatus {
  /** The skill that failed, when the failure was about one. */
  skill?: string;
  version?: string;
  /** The failure's one-line message. */
  error: string;
  /** Failed attempts in a row. */
  attempts: number;
  /** When the next attempt is due (ISO time). */
  nextAt?: string;
  /** When the first of these failures happened (ISO time). */
  since: string;
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
  /**
   * Notes what the shared lockfile says at the start of an operation. A `record` afterwards
   * refuses to overwrite a skill another host changed since, naming that change, so two
   * hosts changing one skill at once are serialized instead of the last writer winning.
   */
  begin?(): Promise<void>;
  /** The exact tarball the entry was installed from, when the store keeps it. */
  readPackage?(entry: LockEntry): Promise<Uint8Array | undefined>;
  /** Publishes this host's follow status (undefined: in step) for `doctor`. */
  reportFollow?(status: FollowStatus | undefined): Promise<void>;
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
