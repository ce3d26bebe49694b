// The append-only audit log: entries are buffered on the hot path, then formatted and
// appended in order after the current turn of the event loop (or, when the last write was
// under batchMs ago, once that much time has passed).
//
// Each batch is one synchronous write(2) to a descriptor kept open. A write stream hands every
// chunk to libuv's thread pool, whose wake-ups (a pool thread, then the loop's eventfd) land
// between an MCP server's answer and the next request: measured on the bench machine they
// cost a stdio MCP call ~15 µs, against ~10 µs for the whole appended batch written here.
// An appended batch of a few KB to a local file takes microseconds; nothing waits in memory
// for the disk, so a burst is bounded by maxBuffered entries alone.
//
// A failing disk (full, read-only, removed) is reported once and never fails a call: lines
// are dropped and counted (`dropped`) until the file can be opened again (retryAfterMs).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '@openclaw/skill-sdk';
import { formatAuditLine, type AuditEntry } from './line.js';

export interface AuditLogOptions {
  /** `<home>/audit.jsonl`. */
  file: string;
  logger: Logger;
  /** config.audit.enabled (default true). */
  enabled?: boolean;
  /** config.audit.fullInputs: write redacted inputs, not only their hash. */
  fullInputs?: boolean;
  /** Entries kept before formatting is forced within the turn (bounds memory in tight loops). */
  maxBuffered?: number;
  /** After a write error, how long to drop lines before trying to open the file again. */
  retryAfterMs?: number;
  /**
   * Lines recorded within this long of the last write share the next one (default 5 ms).
   * Calls that each span an event-loop turn (an MCP server over stdio) would otherwise pay
   * a file write per call.
   */
  batchMs?: number;
}

export class AuditLog {
  readonly file: string;
  #enabled: boolean;
  #logger: Logger;
  #fullInputs: boolean;
  #maxBuffered: number;
  #retryAfterMs: number;
  #pending: AuditEntry[] = [];
  #scheduled = false;
  #timer: NodeJS.Timeout | undefined;
  #lastDrain = -Infinity;
  #batchMs: number;
  #fd: number | undefined;
  #reported = false;
  #brokenUntil = 0;
  #dropped = 0;

  constructor(opts: AuditLogOptions) {
    this.file = opts.file;
    this.#enabled = opts.enabled ?? true;
    this.#logger = opts.logger;
    this.#fullInputs = opts.fullInputs ?? false;
    this.#maxBuffered = opts.maxBuffered ?? 256;
    this.#retryAfterMs = opts.retryAfterMs ?? 10_000;
    this.#batchMs = opts.batchMs ?? 5;
  }

  /** Hot path: remembers the entry; formatting and writing happen later. */
  record(entry: AuditEntry): void {
    if (!this.#enabled) return;
    this.#pending.push(entry);
    if (this.#pending.length >= this.#maxBuffered) this.#drain();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      const since = performance.now() - this.#lastDrain;
      if (since >= this.#batchMs) setImmediate(this.#onImmediate);
      else this.#timer = setTimeout(this.#onImmediate, this.#batchMs - since);
    }
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Applies a changed config.audit; entries already recorded keep the old setting. */
  configure(opts: { enabled?: boolean | undefined; fullInputs?: boolean | undefined }): void {
    this.#drain();
    this.#enabled = opts.enabled ?? true;
    this.#fullInputs = opts.fullInputs ?? false;
  }

  /** Writes every entry recorded so far; resolves once they are in the file (or dropped). */
  flush(): Promise<void> {
    this.#drain();
    return Promise.resolve();
  }

  /** Flushes and closes the file; a later record() opens it again. */
  close(): Promise<void> {
    this.#drain();
    this.#closeFd();
    return Promise.resolve();
  }

  /** Lines dropped because the file could not be written. */
  get dropped(): number {
    return this.#dropped;
  }

  #onImmediate = (): void => {
    this.#scheduled = false;
    this.#timer = undefined;
    this.#drain();
  };

  #drain(): void {
    if (this.#pending.length === 0) return;
    this.#lastDrain = performance.now();
    if (this.#timer) {
      // Drained early (flush, a full buffer): the next record schedules afresh.
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#scheduled = false;
    }
    const entries = this.#pending;
    this.#pending = [];
    const fd = this.#open();
    if (fd === undefined) {
      this.#dropped += entries.length;
      return;
    }
    let chunk = '';
    for (const e of entries) {
      try {
        chunk += formatAuditLine(e, this.#fullInputs);
      } catch (err) {
        this.#report(err);
      }
    }
    if (chunk) this.#write(fd, chunk, entries.length);
  }

  #write(fd: number, chunk: string, count: number): void {
    const bytes = Buffer.from(chunk, 'utf8');
    let at = 0;
    try {
      // A regular file takes the whole buffer at once unless the disk fills up mid-write.
      while (at < bytes.length) at += writeSync(fd, bytes, at);
    } catch (err) {
      // Lines not written whole are lost; the count is by lines, the partial one included.
      const written = at === 0 ? 0 : countLines(bytes, at);
      this.#dropped += count - written;
      this.#fail(err);
    }
  }

  #open(): number | undefined {
    if (this.#fd !== undefined) return this.#fd;
    if (Date.now() < this.#brokenUntil) return undefined;
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      this.#fd = openSync(this.file, 'a', 0o600);
      return this.#fd;
    } catch (err) {
      this.#fail(err);
      return undefined;
    }
  }

  #closeFd(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // Already unusable: a later record() opens the file again.
    }
  }

  #fail(err: unknown): void {
    this.#closeFd();
    this.#brokenUntil = Date.now() + this.#retryAfterMs;
    this.#report(err);
  }

  #report(err: unknown): void {
    if (this.#reported) return;
    this.#reported = true;
    const message = err instanceof Error ? err.message : String(err);
    this.#logger.error(
      { file: this.file, err: message },
      `Cannot write the audit log ${this.file}; calls go on without audit lines until it is writable again.`,
    );
  }
}

/** Whole lines in the first `end` bytes. */
function countLines(bytes: Buffer, end: number): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1 && i < end; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}
