// The append-only audit log: entries are buffered on the hot path and appended in order
// through one WriteStream after the current turn of the event loop (or, when the last write
// was under batchMs ago, once that much time has passed). A failing disk is
// reported once and never fails a call.
//
// Memory is bounded: at most maxBuffered entries wait to be formatted, and at most
// maxPendingBytes wait in the stream for the disk. When calls outrun the disk (or a caller
// never yields to I/O), further lines are dropped, counted (`dropped`) and logged: once when
// the loss starts and with the count when writing resumes or the log closes. Calls never
// wait for the audit.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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
  /** Bytes waiting for the disk beyond which lines are dropped (default 8 MiB). */
  maxPendingBytes?: number;
  /**
   * Lines recorded within this long of the last write share the next one (default 5 ms).
   * Calls that each span an event-loop turn (an MCP server over stdio) would otherwise pay
   * a file write per call, several times the cost of the rest of the router.
   */
  batchMs?: number;
}

export const DEFAULT_MAX_PENDING_BYTES = 8 * 1024 * 1024;

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
  #stream: WriteStream | undefined;
  #opening: Promise<WriteStream | undefined> | undefined;
  #chain: Promise<void> = Promise.resolve();
  #reported = false;
  #brokenUntil = 0;
  #dropped = 0;
  #maxPendingBytes: number;
  /** Lines dropped since the disk fell behind (reported when it catches up). */
  #behind = 0;
  /** Characters of formatted lines waiting for the file to open or for the chain. */
  #queued = 0;

  constructor(opts: AuditLogOptions) {
    this.file = opts.file;
    this.#enabled = opts.enabled ?? true;
    this.#logger = opts.logger;
    this.#fullInputs = opts.fullInputs ?? false;
    this.#maxBuffered = opts.maxBuffered ?? 256;
    this.#retryAfterMs = opts.retryAfterMs ?? 10_000;
    this.#maxPendingBytes = opts.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
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

  /** Resolves once every entry recorded so far is handed to the file. */
  flush(): Promise<void> {
    this.#drain();
    return this.#chain;
  }

  /** Flushes and closes the file; a later record() opens it again. */
  async close(): Promise<void> {
    await this.flush();
    this.#caughtUp();
    const stream = this.#stream;
    this.#stream = undefined;
    this.#opening = undefined;
    if (stream && !stream.destroyed) {
      await new Promise<void>((resolve) => {
        stream.once('error', () => resolve());
        stream.end(() => resolve());
      });
    }
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
    // Already behind: drop without formatting (the cheapest way through an overload).
    if (this.#waitingBytes() >= this.#maxPendingBytes) {
      this.#lose(entries.length);
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
    const count = entries.length;
    this.#queued += chunk.length;
    this.#chain = this.#chain.then(() => this.#write(chunk, count));
  }

  /** Characters formatted but not yet handed to the stream, plus what the stream holds. */
  #waitingBytes(): number {
    return this.#queued + (this.#stream?.writableLength ?? 0);
  }

  async #write(chunk: string, count: number): Promise<void> {
    if (!chunk) return;
    let stream: WriteStream | undefined;
    try {
      stream = await this.#open();
    } finally {
      this.#queued -= chunk.length;
    }
    if (!stream) {
      this.#dropped += count;
      return;
    }
    if (stream.writableLength >= this.#maxPendingBytes) return this.#lose(count);
    this.#caughtUp();
    stream.write(chunk);
  }

  #lose(count: number): void {
    this.#dropped += count;
    if (this.#behind === 0) {
      this.#logger.warn(
        { file: this.file, maxPendingBytes: this.#maxPendingBytes },
        `The audit log ${this.file} is not keeping up with the calls; dropping audit lines (counted) until the disk catches up.`,
      );
    }
    this.#behind += count;
  }

  #caughtUp(): void {
    if (this.#behind === 0) return;
    const lost = this.#behind;
    this.#behind = 0;
    this.#logger.warn(
      { file: this.file, dropped: lost },
      `Dropped ${lost} audit lines while the disk was behind; ${this.file} has every line before and after them.`,
    );
  }

  #open(): Promise<WriteStream | undefined> {
    if (this.#stream && !this.#stream.destroyed) return Promise.resolve(this.#stream);
    if (Date.now() < this.#brokenUntil) return Promise.resolve(undefined);
    this.#opening ??= this.#openNow();
    return this.#opening;
  }

  async #openNow(): Promise<WriteStream | undefined> {
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      const stream = createWriteStream(this.file, { flags: 'a', mode: 0o600 });
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      stream.on('error', (err) => this.#fail(err, stream));
      this.#stream = stream;
      return stream;
    } catch (err) {
      this.#fail(err);
      return undefined;
    } finally {
      this.#opening = undefined;
    }
  }

  #fail(err: unknown, stream?: WriteStream): void {
    if (stream) stream.destroy();
    if (!stream || this.#stream === stream) this.#stream = undefined;
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
