// Length-prefixed frames for the sandbox's message pipe. Node's own IPC channel buffers a
// whole message before it hands it over, however large the child says it is, so a skill
// could make the host hold gigabytes. Here every frame starts with its size: the reader
// refuses a frame announcing more than the limit from its header, before any byte of
// its body is kept, and stops reading.
//
// Header (12 bytes): body length (uint32 LE); a tag (uint32 LE): the call id a result
// answers, 0 for other messages, so a refused result can still be reported to its call; the
// body's format (1 byte: JSON text or v8's structured clone, see codec.ts); 3 bytes unused.
//
// This folder runs inside the runner too: Node's built-ins only.
import type { Encoded } from './codec.js';

export const HEADER_BYTES = 12;
const FORMAT_JSON = 0;
const FORMAT_V8 = 1;

/** The largest message a runner may send the host unless the host config says otherwise. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** The frame for `body`: header and body in one buffer, so it goes out in one write. */
export function encodeFrame(body: Encoded, tag: number): Buffer {
  const json = typeof body === 'string';
  const size = json ? Buffer.byteLength(body) : body.length;
  const out = Buffer.allocUnsafe(HEADER_BYTES + size);
  out.writeUInt32LE(size, 0);
  out.writeUInt32LE(tag >>> 0, 4);
  out.writeUInt32LE(json ? FORMAT_JSON : FORMAT_V8, 8);
  if (json) out.write(body, HEADER_BYTES, 'utf8');
  else out.set(body, HEADER_BYTES);
  return out;
}

export interface FrameReaderOptions {
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /** One whole frame; returning false stops the reader (the stream is being dropped). */
  frame(body: Buffer, info: { tag: number; json: boolean }): boolean | void;
  /** A header announced `bytes` > maxBytes; nothing more is read after this. */
  oversized(bytes: number, tag: number): void;
  /**
   * The caller reuses a chunk's memory once the listener returns (a socket's `onread`
   * buffer, which spares an allocation per read): what is left of it is copied, and a body
   * handed to `frame` is valid only until `frame` returns.
   */
  transient?: boolean;
}

/** Returns the `data` listener of a stream carrying frames. */
export function frameReader(opts: FrameReaderOptions): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let have = 0;
  /** Body length of the frame being read; -1 while waiting for a header. */
  let need = -1;
  let tag = 0;
  let json = true;
  let stopped = false;

  const take = (n: number): Buffer => {
    have -= n;
    const first = chunks[0]!;
    if (first.length === n) {
      chunks.shift();
      return first;
    }
    if (first.length > n) {
      chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    for (let off = 0; off < n;) {
      const c = chunks[0]!;
      const k = Math.min(c.length, n - off);
      c.copy(out, off, 0, k);
      off += k;
      if (k === c.length) chunks.shift();
      else chunks[0] = c.subarray(k);
    }
    return out;
  };

  const read = (chunk: Buffer): void => {
    if (stopped) return;
    chunks.push(chunk);
    have += chunk.length;
    for (;;) {
      if (need < 0) {
        if (have < HEADER_BYTES) return;
        const header = take(HEADER_BYTES);
        need = header.readUInt32LE(0);
        tag = header.readUInt32LE(4);
        json = header[8] === FORMAT_JSON;
        if (need > opts.maxBytes) {
          stopped = true;
          chunks = [];
          have = 0;
          return opts.oversized(need, tag);
        }
      }
      if (have < need) return;
      const body = need === 0 ? Buffer.alloc(0) : take(need);
      need = -1;
      if (opts.frame(body, { tag, json }) === false) {
        stopped = true;
        chunks = [];
        have = 0;
        return;
      }
    }
  };

  if (!opts.transient) return read;
  return (chunk) => {
    read(chunk);
    for (let i = 0; i < chunks.length; i++) {
      if (chunks[i]!.buffer === chunk.buffer) chunks[i] = Buffer.from(chunks[i]!);
    }
  };
}
