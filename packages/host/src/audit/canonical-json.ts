// Canonical JSON (object keys sorted, no whitespace) so equal inputs hash equally whatever
// order a model wrote their keys in. Used for the audit's inputHash and the loop detector.

/**
 * What canonicalJson returns for a value it cannot read whole (a throwing getter or toJSON,
 * nesting deeper than MAX_DEPTH): callers that compare inputs must not compare this.
 */
export const UNSERIALIZABLE = '"[unserializable]"';
const MAX_DEPTH = 256;

/** JSON text with sorted keys; `null` for undefined; never throws (cycles become "[cycle]"). */
export function canonicalJson(value: unknown): string {
  try {
    // Most inputs already have sorted keys (or one key): native JSON.stringify is then
    // canonical and several times faster than walking the value here.
    if (isSortedPlain(value, 0)) return JSON.stringify(value) ?? 'null';
    return write(value, []) ?? 'null';
  } catch {
    return UNSERIALIZABLE;
  }
}

/** True when every object in the value is plain with keys in sorted order (depth-bounded). */
function isSortedPlain(v: unknown, depth: number): boolean {
  if (v === null || typeof v !== 'object') return typeof v !== 'bigint';
  if (depth > 32) return false;
  if (Array.isArray(v)) {
    for (const item of v) if (!isSortedPlain(item, depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  let prev: string | undefined;
  for (const k in v) {
    if (prev !== undefined && !(prev < k)) return false;
    prev = k;
    if (!isSortedPlain((v as Record<string, unknown>)[k], depth + 1)) return false;
  }
  return true;
}

function write(v: unknown, stack: object[]): string | undefined {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(v.toString());
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (v === null) return 'null';
  const obj = v as object;
  if (stack.length > MAX_DEPTH) throw new RangeError('too deep');
  if (stack.includes(obj)) return '"[cycle]"';
  if (typeof (obj as { toJSON?: unknown }).toJSON === 'function') {
    return write((obj as { toJSON(): unknown }).toJSON(), stack);
  }
  stack.push(obj);
  let out: string;
  if (Array.isArray(obj)) {
    out = '[';
    for (let i = 0; i < obj.length; i++) out += (i ? ',' : '') + (write(obj[i], stack) ?? 'null');
    out += ']';
  } else {
    const rec = obj as Record<string, unknown>;
    const keys = Object.keys(rec).sort();
    out = '{';
    let first = true;
    for (const k of keys) {
      const s = write(rec[k], stack);
      if (s === undefined) continue;
      out += (first ? '' : ',') + JSON.stringify(k) + ':' + s;
      first = false;
    }
    out += '}';
  }
  stack.pop();
  return out;
}

/**
 * A 64-bit digest of text (two 32-bit multiply-xor lanes, FNV-1a and a murmur-style lane,
 * each finished with an avalanche), as 16 hex digits. For the audit's inputHash, whose job
 * is to show which calls had equal inputs without writing them: any unsalted digest of a
 * short input can be reversed by guessing (sha256 included), so a cryptographic hash bought
 * nothing there, and through the crypto binding it cost about 1.5 us per call, more than
 * the rest of the audit line. Never throws.
 */
export function digest64(text: string): string {
  return digestOf(text).hex;
}

/**
 * digest64 as its two 32-bit lanes: the router computes it once per call, the loop detector
 * compares a lane, and the audit line prints the hex (no second pass over the input).
 */
export class Digest {
  constructor(
    readonly a: number,
    readonly b: number,
  ) {}

  get hex(): string {
    return hex8(this.a) + hex8(this.b);
  }
}

export function digestOf(text: string): Digest {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  return new Digest(a, b);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex8 = (n: number): string =>
  HEX[(n >>> 24) & 255]! + HEX[(n >>> 16) & 255]! + HEX[(n >>> 8) & 255]! + HEX[n & 255]!;
