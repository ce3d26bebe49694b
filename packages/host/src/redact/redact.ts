// Redaction of secrets from text and JSON values: known secret values (API keys and
// tokens the host holds, also base64- and hex-encoded) and recognisable shapes (bearer
// tokens, sk-..., ghp_..., JWTs, credentials in URLs). Linear in the text's length: see
// patterns.ts; callers cap how much text they hand in (router/shape.ts).
// Pure: a Redactor is built once per set of known values and then only reads its input.
import {
  ENV_SECRET_NAME,
  KEEP_PREFIX_PATTERNS,
  SECRET_FIELD_SET,
  SECRET_PATTERNS,
} from './patterns.js';

export const REDACTED = '[REDACTED]';
/** Shorter known values are ignored: they would redact ordinary words. */
export const MIN_SECRET_LENGTH = 6;
const MAX_DEPTH = 64;

export interface Redactor {
  /** The text with every secret replaced by `[REDACTED]` (the same string when clean). */
  text(s: string): string;
  /**
   * A copy of a JSON-like value with secrets redacted from strings, keys and the values of
   * secret-named fields (`access_token`, `password`, ...); the same value when clean.
   */
  value<T>(v: T): T;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Builds a redactor for these known secret values plus the built-in patterns. */
export function createRedactor(knownValues: Iterable<string> = []): Redactor {
  const known = new Set<string>();
  for (const v of knownValues) {
    if (typeof v !== 'string' || v.length < MIN_SECRET_LENGTH) continue;
    known.add(v);
    // As it appears inside JSON text (quotes, backslashes, control characters escaped).
    const json = JSON.stringify(v).slice(1, -1);
    if (json !== v) known.add(json);
    for (const e of encodedForms(v)) known.add(e);
  }
  // Longest first so a value that contains another is replaced whole.
  const literals = [...known].sort((a, b) => b.length - a.length).map(escapeRegex);
  const whole = [...literals, ...SECRET_PATTERNS].join('|');
  const keep = KEEP_PREFIX_PATTERNS.join('|');
  const re = new RegExp(`${whole}|${keep}`, 'g');
  const groups = KEEP_PREFIX_PATTERNS.length;

  const replacer = (match: string, ...args: unknown[]): string => {
    for (let i = 0; i < groups; i++) {
      const prefix = args[i * 3];
      if (prefix !== undefined)
        return `${prefix as string}${REDACTED}${(args[i * 3 + 2] as string | undefined) ?? ''}`;
    }
    return match.length > 0 ? REDACTED : match;
  };

  const text = (s: string): string => {
    re.lastIndex = 0;
    if (!re.test(s)) return s;
    re.lastIndex = 0;
    return s.replace(re, replacer);
  };

  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v);
    if (v === null || typeof v !== 'object') return v;
    if (depth > MAX_DEPTH) return '[too deep]';
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const r = walk(v[i], depth + 1);
        if (r !== v[i]) (out ??= v.slice())[i] = r;
      }
      return out ?? v;
    }
    if (!isPlainObject(v)) return v;
    let out: Record<string, unknown> | undefined;
    const src = v as Record<string, unknown>;
    for (const key of Object.keys(src)) {
      const val = src[key];
      const safeKey = text(key);
      const r =
        isSecretKey(key) && typeof val === 'string' && val.length > 0
          ? REDACTED
          : walk(val, depth + 1);
      if (r !== val || safeKey !== key) {
        out ??= { ...src };
        if (safeKey !== key) delete out[key];
        out[safeKey] = r;
      }
    }
    return out ?? v;
  };

  return { text, value: <T>(v: T) => walk(v, 0) as T };
}

const ENV_SECRET_KEY = new RegExp(`^${ENV_SECRET_NAME}$`);
const isSecretKey = (key: string): boolean =>
  SECRET_FIELD_SET.has(key.toLowerCase()) || (key.length <= 100 && ENV_SECRET_KEY.test(key));

/**
 * The forms a known value takes when a skill encodes it: base64 (standard and URL-safe) at
 * each of the three byte alignments it can have inside a longer encoded text, and hex.
 * For an unaligned value only the characters that depend on the value alone are kept: the
 * one or two characters that mix in a neighbour's bits stay (they carry at most a byte).
 */
export function encodedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out = new Set<string>();
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const first = Math.ceil((8 * k) / 6);
    const end = Math.floor((8 * (k + bytes.length)) / 6);
    const core = b64.slice(first, end);
    if (core.length < MIN_SECRET_LENGTH) continue;
    out.add(core);
    out.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const hex = bytes.toString('hex');
  out.add(hex);
  out.add(hex.toUpperCase());
  return [...out];
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Keeps one redactor per set of known values: rebuilt only when the iterable handed in is a
 * different object or its size changed (the host should hand out a new array, or add to
 * the same Set, when its secrets change).
 */
export class RedactorCache {
  #source: Iterable<string> | undefined;
  #size = -1;
  #key = '\u0000none';
  // Built by the first get() (no key equals the initial one): a host that never redacts
  // never builds one.
  #redactor: Redactor | undefined;

  get(values: Iterable<string>): Redactor {
    const size = sizeOf(values);
    if (this.#redactor && values === this.#source && size === this.#size && size >= 0)
      return this.#redactor;
    const list = [...values]
      .filter((v) => typeof v === 'string' && v.length >= MIN_SECRET_LENGTH)
      .sort();
    const key = list.join('\u0000');
    if (!this.#redactor || key !== this.#key) {
      this.#redactor = createRedactor(list);
      this.#key = key;
    }
    this.#source = values;
    this.#size = size;
    return this.#redactor;
  }
}

function sizeOf(values: Iterable<string>): number {
  if (Array.isArray(values)) return values.length;
  if (values instanceof Set) return values.size;
  return -1; // unknown (a generator): always re-read
}
