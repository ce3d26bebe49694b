// Canonical JSON (object keys sorted, no whitespace) so equal inputs hash equally whatever
// order a model wrote their keys in. The audit writes it with config.audit.fullInputs;
// digest.ts hashes the same text without building it (inputHash, the loop detector).

/**
 * What canonicalJson returns for a value it cannot read whole (a throwing getter or toJSON,
 * nesting deeper than MAX_DEPTH): callers that compare inputs must not compare this.
 */
export const UNSERIALIZABLE = '"[unserializable]"';
export const MAX_DEPTH = 256;

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
