// The digest of a call's input: the audit prints it (inputHash, with inputBytes) and the loop
// detector compares it. It is the digest of the input's canonical JSON (canonical-json.ts),
// fed by walking the value, so the text itself is never built: on the per-call path building
// it and hashing it cost more than the rest of the limits stage.
//
// Two 32-bit multiply-xor lanes (FNV-1a and a murmur-style lane, each finished with an
// avalanche), printed as 16 hex digits. The job is to show which calls had equal inputs
// without writing them: any unsalted digest of a short input can be reversed by guessing
// (sha256 included), so a cryptographic hash bought nothing there, and through the crypto
// binding it cost about 1.5 us per call.
import { MAX_DEPTH, UNSERIALIZABLE } from './canonical-json.js';

export class Digest {
  /** The lanes (final once `finish` ran). */
  a = 0x811c9dc5;
  b = 0x9747b28c;
  /** UTF-8 bytes of the text digested. */
  bytes = 0;
  /** @internal UTF-16 units digested (folded into a lane by `finish`). */
  chars = 0;

  get hex(): string {
    return hex8(this.a) + hex8(this.b);
  }

  /** True when both digests are of the same text, short of a 64-bit collision. */
  equals(o: Digest): boolean {
    return this.a === o.a && this.b === o.b && this.bytes === o.bytes;
  }

  /** @internal Feeds text. */
  add(s: string): void {
    let a = this.a;
    let b = this.b;
    let bytes = this.bytes;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
      // A surrogate pair is 4 bytes, 2 per half; canonical JSON has no lone surrogates.
      bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
    }
    this.a = a;
    this.b = b;
    this.bytes = bytes;
    this.chars += s.length;
  }

  /** @internal Feeds one ASCII character (punctuation). */
  char(c: number): void {
    this.a = Math.imul(this.a ^ c, 0x01000193);
    const b = Math.imul(this.b ^ c, 0x5bd1e995);
    this.b = b ^ (b >>> 15);
    this.bytes++;
    this.chars++;
  }

  /**
   * @internal Feeds JSON.stringify(s) without building it when `s` needs no escaping (the
   * common case); otherwise rolls back and feeds the escaped text.
   */
  addString(s: string): void {
    const a0 = this.a;
    const b0 = this.b;
    const bytes0 = this.bytes;
    const chars0 = this.chars;
    let a = Math.imul(a0 ^ 34, 0x01000193);
    let b = Math.imul(b0 ^ 34, 0x5bd1e995);
    b ^= b >>> 15;
    let bytes = bytes0 + 1;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) {
        this.a = a0;
        this.b = b0;
        this.bytes = bytes0;
        this.chars = chars0;
        this.add(JSON.stringify(s));
        return;
      }
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    this.a = Math.imul(a ^ 34, 0x01000193);
    b = Math.imul(b ^ 34, 0x5bd1e995);
    this.b = b ^ (b >>> 15);
    this.bytes = bytes + 1;
    this.chars = chars0 + s.length + 2;
  }

  /** @internal Folds in the length and mixes both lanes; the digest is final after this. */
  finish(): this {
    let a = this.a;
    let b = this.b ^ this.chars;
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    this.a = (a ^ (a >>> 16)) | 0;
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    this.b = (b ^ (b >>> 16)) | 0;
    return this;
  }
}

/** The digest of a text. */
export function digestOf(text: string): Digest {
  const d = new Digest();
  d.add(text);
  return d.finish();
}

/** digestOf(text) as 16 hex digits. */
export function digest64(text: string): string {
  return digestOf(text).hex;
}

/**
 * digestOf(canonicalJson(value)), without building the text; undefined where canonicalJson
 * gives UNSERIALIZABLE (a throwing getter or toJSON, nesting deeper than MAX_DEPTH).
 */
export function inputDigest(value: unknown): Digest | undefined {
  const d = new Digest();
  // One ancestor stack reused across calls (a getter that calls back in gets its own); a
  // walk that threw may leave it non-empty, so it is then dropped.
  const stack = spare ?? [];
  spare = undefined;
  try {
    if (!walk(d, value, stack)) d.add('null');
  } catch {
    return undefined;
  }
  spare = stack;
  return d.finish();
}

/** The digest of UNSERIALIZABLE, which the audit prints for inputs it cannot read whole. */
export const unserializableDigest = (): Digest => digestOf(UNSERIALIZABLE);

let spare: object[] | undefined;
const [COMMA, COLON, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [...',:[]{}'].map((c) =>
  c.charCodeAt(0),
) as [number, number, number, number, number, number];

// canonical-json.ts's write(), feeding the digest instead of returning text: false where
// write() returns undefined (the value writes nothing).
function walk(d: Digest, v: unknown, stack: object[]): boolean {
  switch (typeof v) {
    case 'string':
      d.addString(v);
      return true;
    case 'number':
      d.add(Number.isFinite(v) ? String(v) : 'null');
      return true;
    case 'boolean':
      d.add(v ? 'true' : 'false');
      return true;
    case 'bigint':
      d.addString(v.toString());
      return true;
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
  }
  if (v === null) {
    d.add('null');
    return true;
  }
  const obj = v as object;
  if (stack.length > MAX_DEPTH) throw new RangeError('too deep');
  if (stack.includes(obj)) {
    d.add('"[cycle]"');
    return true;
  }
  if (typeof (obj as { toJSON?: unknown }).toJSON === 'function') {
    return walk(d, (obj as { toJSON(): unknown }).toJSON(), stack);
  }
  stack.push(obj);
  if (Array.isArray(obj)) {
    d.char(OPEN_ARRAY);
    for (let i = 0; i < obj.length; i++) {
      if (i) d.char(COMMA);
      if (!walk(d, obj[i], stack)) d.add('null');
    }
    d.char(CLOSE_ARRAY);
  } else {
    const rec = obj as Record<string, unknown>;
    const keys = sortedKeys(rec);
    d.char(OPEN_OBJECT);
    let first = true;
    for (const k of keys) {
      const x = rec[k];
      const type = typeof x;
      if (type === 'undefined' || type === 'function' || type === 'symbol') continue;
      if (!first) d.char(COMMA);
      if (type !== 'object' || x === null) {
        d.addString(k);
        d.char(COLON);
        walk(d, x, stack);
      } else {
        // Only a toJSON can turn out to write nothing: the member is rolled back then.
        const { a, b, bytes, chars } = d;
        d.addString(k);
        d.char(COLON);
        if (!walk(d, x, stack)) {
          Object.assign(d, { a, b, bytes, chars });
          continue;
        }
      }
      first = false;
    }
    d.char(CLOSE_OBJECT);
  }
  stack.pop();
  return true;
}

/** Object.keys in code-unit order, sorting only when they are not in order already. */
function sortedKeys(rec: Record<string, unknown>): string[] {
  const keys = Object.keys(rec);
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return keys.sort();
  return keys;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex8 = (n: number): string =>
  HEX[(n >>> 24) & 255]! + HEX[(n >>> 16) & 255]! + HEX[(n >>> 8) & 255]! + HEX[n & 255]!;
