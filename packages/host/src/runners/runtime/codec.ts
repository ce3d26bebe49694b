// How a message becomes bytes. JSON when it carries the message exactly (the usual case:
// tool inputs and results are JSON-like), v8's structured-clone format otherwise, so Dates,
// Maps, binary data, undefined, NaN and cycles arrive as the skill returned them. JSON is
// several times cheaper to write and read than v8's serializer for the small messages most
// calls are, which is most of a sandboxed call's cost.
//
// This folder runs inside the runner too: Node's built-ins only.
import { deserialize, serialize } from 'node:v8';

/** A message as sent: JSON text, or v8's structured-clone bytes. */
export type Encoded = string | Buffer;

/** Past this depth a value goes the structured-clone way (which also handles cycles). */
const MAX_JSON_DEPTH = 32;

/** Whether JSON.parse(JSON.stringify(v)) gives back what structured clone would. */
export function jsonExact(v: unknown, depth = 0): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (v === null) return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return false;
    for (let i = 0; i < v.length; i++) {
      if (!(i in v) || !jsonExact(v[i], depth + 1)) return false;
    }
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in v) {
    if (!jsonExact((v as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** Throws what JSON.stringify or v8's serializer throw (DataCloneError, RangeError). */
export function encodeMessage(m: unknown): Encoded {
  return jsonExact(m) ? JSON.stringify(m) : serialize(m);
}

/** Bytes on the wire: UTF-8 for JSON text. */
export function encodedBytes(e: Encoded): number {
  return typeof e === 'string' ? Buffer.byteLength(e) : e.length;
}

/** Throws on bytes that are not a message of their format. */
export function decodeMessage(body: Uint8Array, json: boolean): unknown {
  if (!json) return deserialize(body);
  const buf = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.length);
  return JSON.parse(buf.toString('utf8'));
}
