// The append-only audit log: entries are buffered on the hot path, then formatted and
// appended in order after the current turn of the event loop (or, when the last write was
// under batchMs ago, once that much time has passed).
//
// Each batch is one synchronous write(2) to a descriptor kept open. A write stream hands every
// chunk to libuv's thread pool, whose wake-ups (a pool thread, then the loop's eventfd) land
// between an MCP server's answer and the next request: measured on the bench machine they
// cost a stdio MCP call ~15 µs, against ~10 µs for the whole appended batch written here.
// An appended batch of a few KB to a local file takes microseconds; nothing waits in memory
// for the disk, so a burst is bounded by maxBuffered entries (and the output text they hold)
// alone. Formatting stays off the per-call path: a call pays for a push and its input digest.
//
// A failing disk (full, read-only, removed) is reported once and never fails a call: lines
// are dropped and counted (`dropped`) until the file can be opened again (retryAfterMs).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '@openclaw/skill-sdk';
import { inputDigest, unserializableDigest } from './digest.js';
import { AuditLineFormatter, type AuditEntry } from './line.js';

export interface AuditLogOptions {
  /** `<home>/audit.jsonl`. */
  file: string;
  logger: Logger;
  /** config.audit.enabled (default true). */
  enabled?: boolean;
  /** config.audit.fullInputs: write redacted inputs, not only their hash. */
  fullInputs?: boolean;
  /**
   * Entries kept before formatting is forced within the turn (default 1024), and the
   * characters of output (and, with fullInputs, input) they may hold (default 1 MiB): bounds
   * memory in tight loops.
   */
  maxBuffered?: number;
  maxBufferedChars?: number;
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
  #maxBufferedChars: number;
  #retryAfterMs: number;
  #pending: AuditEntry[] = [];
  #pendingChars = 0;
  #scheduled = false;
  #timer: NodeJS.Timeout | undefined;
  #lastDrain = -Infinity;
  #batchMs: number;
  #fd: number | undefined;
  #reported = false;
  #brokenUntil = 0;
  #dropped = 0;
  // Reused for every batch: allocating a buffer per write costs more than the write.
  readonly #buf = Buffer.allocUnsafe(64 * 1024);
  readonly #formatter = new AuditLineFormatter();

  constructor(opts: AuditLogOptions) {
    this.file = opts.file;
    this.#enabled = opts.enabled ?? true;
    this.#logger = opts.logger;
    this.#fullInputs = opts.fullInputs ?? false;
    this.#maxBuffered = opts.maxBuffered ?? 1024;
    this.#maxBufferedChars = opts.maxBufferedChars ?? 1 << 20;
    this.#retryAfterMs = opts.retryAfterMs ?? 10_000;
    this.#batchMs = opts.batchMs ?? 5;
  }

  /**
   * Hot path: remembers the entry; formatting and writing happen later. The input is
   * digested now and, unless written whole (fullInputs), let go: a waiting entry holds no
   * more than its output text.
   */
  record(entry: AuditEntry): void {
    if (!this.#enabled) return;
    const digest = (entry.inputDigest ??= inputDigest(entry.input) ?? unserializableDigest());
    let chars = entry.output.length;
    if (this.#fullInputs) chars += digest.bytes;
    else entry.input = undefined;
    this.#pending.push(entry);
    this.#pendingChars += chars;
    if (this.#pending.length >= this.#maxBuffered || this.#pendingChars >= this.#maxBufferedChars)
      this.#drain();
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
    this.#pendingChars = 0;
    const fd = this.#open();
    if (fd === undefined) {
      this.#dropped += entries.length;
      return;
    }
    // Each line is encoded into one reused buffer as it is formatted: concatenating the
    // lines first made a string of thousands of pieces that took longer to flatten and
    // encode than the lines took to format.
    let buf = this.#buf;
    let end = 0;
    let lines = 0;
    for (const e of entries) {
      let line: string;
      try {
        line = this.#formatter.format(e, this.#fullInputs);
      } catch (err) {
        this.#report(err);
        continue;
      }
      // A UTF-16 unit is at most 3 UTF-8 bytes.
      if (end + line.length * 3 > buf.length) {
        if (end > 0 && !this.#write(fd, buf, end, lines)) return this.#lose(entries, e);
        end = lines = 0;
        if (line.length * 3 > buf.length) buf = Buffer.allocUnsafe(line.length * 3);
      }
      end += buf.write(line, end);
      lines++;
    }
    if (end > 0) this.#write(fd, buf, end, lines);
  }

  /** Lines after a failed write are dropped (the file is closed until retryAfterMs). */
  #lose(entries: AuditEntry[], from: AuditEntry): void {
    this.#dropped += entries.length - entries.indexOf(from);
  }

  /** Appends buf[0, end); false (and counted as dropped) when the write failed. */
  #write(fd: number, buf: Buffer, end: number, count: number): boolean {
    let at = 0;
    try {
      // A regular file takes the whole buffer at once unless the disk fills up mid-write.
      while (at < end) at += writeSync(fd, buf, at, end - at);
      return true;
    } catch (err) {
      // Lines not written whole are lost; the count is by lines, the partial one included.
      const written = at === 0 ? 0 : countLines(buf, at);
      this.#dropped += count - written;
      this.#fail(err);
      return false;
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
function countLines(bytes: Uint8Array, end: number): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1 && i < end; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}
