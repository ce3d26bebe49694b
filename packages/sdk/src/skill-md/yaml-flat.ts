// The fastest path of the frontmatter engine, for the shape most SKILL.md files have: every
// entry one top-level line, `name: demo`, `description: "..."`, `metadata: {"openclaw": ...}`.
// Such a line is read here without a YAML parser: a plain value as its text, a quoted one
// without escapes as what is inside the quotes, and a flow collection written as canonical
// JSON (JSON.stringify's own spelling, spaces aside) with JSON.parse, which YAML reads alike
// (JSON is YAML, and the canonical spelling rules out duplicate keys and numbers spelled in
// ways the two read differently). Any other line, and any value whose reading could differ
// (typed top-level scalars, odd keys, characters js-yaml refuses), leaves the text to the
// js-yaml path (yaml-fast.ts), which answers the same or hands over to the `yaml` package.
// A cold scan runs this in the interpreter: per file it costs a fraction of a js-yaml load.
// yaml-fast.differential.test.ts checks it against the `yaml` package like the js-yaml path.
import { keyAt, keysAreText, simpleValue, typedKey, TYPED } from './yaml-fast.js';
import type { EngineResult } from './yaml-result.js';

/**
 * Characters this path leaves to another parser: controls (tabs too), Unicode line breaks,
 * byte-order marks, what js-yaml calls non-printable (C1 controls, U+FFFE/U+FFFF, lone
 * surrogates), and the Unicode spaces JavaScript's trim() removes but YAML keeps.
 */
const REFUSED =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\x00-\x09\x0b-\x1f\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?:[^\ud800-\udbff]|^)[\udc00-\udfff]/;

/** One line, no escapes, no other quote inside. */
const DOUBLE_PLAIN = /^"[^"\\]*"$/;
const SINGLE_PLAIN = /^'[^']*'$/;
/** What may start a plain value read here (others, such as `:` or `-`, go to js-yaml). */
const PLAIN_START = /^[A-Za-z0-9(/.]/;

/** The value of one `key: value` line, or undefined when this path does not read it. */
function flatValue(v: string): unknown {
  const first = v.charCodeAt(0);
  if (first === 34 /* " */) return DOUBLE_PLAIN.test(v) ? v.slice(1, -1) : undefined;
  if (first === 39 /* ' */) return SINGLE_PLAIN.test(v) ? v.slice(1, -1) : undefined;
  if (first === 123 /* { */ || first === 91 /* [ */) return canonicalJson(v);
  if (!PLAIN_START.test(v) || TYPED.test(v) || !simpleValue(v)) return undefined;
  return v;
}

/** JSON.parse's value when `v` is canonical JSON (spaces outside strings aside), else undefined. */
function canonicalJson(v: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(v);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  return JSON.stringify(value) === withoutSpaces(v) && keysAreText(value) ? value : undefined;
}

/** The text less the spaces outside double-quoted strings. */
function withoutSpaces(v: string): string {
  if (!v.includes(' ')) return v;
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 32) {
      out += v.slice(from, i);
      from = i + 1;
    }
  }
  return out + v.slice(from);
}

/** The engine's answer when every entry is one top-level line this path reads, else undefined. */
export function flatFrontmatterYaml(input: string): EngineResult | undefined {
  if (REFUSED.test(input)) return undefined;
  const data: Record<string, unknown> = {};
  const keyLines: Record<string, number> = {};
  const lines = input.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trimEnd();
    const start = line.trimStart();
    if (start === '' || start.charCodeAt(0) === 35 /* # */) continue;
    const k = keyAt(line);
    if (k === 0) return undefined;
    const key = line.slice(0, k - 1);
    if (typedKey(key) || Object.hasOwn(data, key)) return undefined;
    const value = line.slice(k).trim();
    if (value === '') return undefined;
    const read = flatValue(value);
    if (read === undefined) return undefined;
    data[key] = read;
    keyLines[key] = n + 1;
  }
  // Only comments: YAML reads no map at all (null).
  return Object.keys(keyLines).length > 0
    ? { kind: 'ok', data, keyLines, repaired: [] }
    : undefined;
}
