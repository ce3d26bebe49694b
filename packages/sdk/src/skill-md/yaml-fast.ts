// The fast path of the frontmatter engine. The `yaml` package gives what the reader needs in
// every case (lines, the text as written, exact errors) but takes several times longer than
// js-yaml, gray-matter's own engine: for a cold scan of 1,000 skills, most of the time. Most
// frontmatter is a handful of `key: value` lines, where both parsers read the same values.
// So this path parses with js-yaml (gray-matter's engine), with the YAML 1.2 core schema as
// `yaml` applies it, and answers only when the text keeps to a simple shape
// (simpleShape below) and the result has nothing only `yaml` can say (non-string top-level
// scalars, whose text as written the reader may need; keys YAML would not read as text).
// Otherwise, and on any js-yaml error, it returns undefined and `yaml` parses: errors,
// messages and the lenient repair of `key: a: b` stay `yaml`'s. yaml-fast.differential.test.ts
// checks both paths agree on generated frontmatter and on every fixture.
import type * as JsYaml from 'js-yaml';
import { loadParsers } from '../lazy-deps.js';
import type { EngineResult } from './yaml-result.js';

let jsYaml: { load: typeof JsYaml.load; schema: JsYaml.Schema } | undefined;

// The tag resolution of YAML 1.2.2's core schema (spec section 10.3.2), which is what `yaml`
// applies by default: `010` is 10, `0o10` is 8, `yes` and `1_000` are text, no dates.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Every number of the core schema starts with a digit, a sign or a dot. */
const numberStart = (s: string) => {
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;
};

function loadJsYaml() {
  if (jsYaml) return jsYaml;
  const Y = loadParsers().jsYaml;
  const types = [
    new Y.Type('tag:yaml.org,2002:null', {
      kind: 'scalar',
      resolve: (s: string) => s.length <= 4 && NULL.test(s),
      construct: () => null,
    }),
    new Y.Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (s: string) => (s.length === 4 || s.length === 5) && BOOL.test(s),
      construct: (s: string) => s[0] === 't' || s[0] === 'T',
    }),
    new Y.Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (s: string) => numberStart(s) && (INT_OCT.test(s) || INT.test(s) || INT_HEX.test(s)),
      construct: (s: string) =>
        INT_OCT.test(s)
          ? parseInt(s.substring(2), 8)
          : INT_HEX.test(s)
            ? parseInt(s.substring(2), 16)
            : parseInt(s, 10),
    }),
    new Y.Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (s: string) =>
        numberStart(s) && (FLOAT_NAN.test(s) || FLOAT_EXP.test(s) || FLOAT.test(s)),
      construct: (s: string) =>
        FLOAT_NAN.test(s)
          ? s.slice(-3).toLowerCase() === 'nan'
            ? NaN
            : s[0] === '-'
              ? Number.NEGATIVE_INFINITY
              : Number.POSITIVE_INFINITY
          : parseFloat(s),
    }),
  ];
  return (jsYaml = {
    load: Y.load,
    schema: new Y.Schema({ include: [Y.FAILSAFE_SCHEMA], implicit: types }),
  });
}

/** Any scalar the core schema reads as null, a boolean or a number (the union of the above). */
export const TYPED =
  /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)?$/;

/**
 * A key `yaml` (stringKeys) keeps as written but js-yaml would read as another value and
 * turn back into text (`1.50` as "1.5", `.inf` as "Infinity"), or one JavaScript treats
 * specially.
 */
export const typedKey = (k: string) =>
  TYPED.test(k) || k === 'Infinity' || k === '-Infinity' || k === 'NaN' || k === '__proto__';

/**
 * `key:` followed by a space or the line's end: a letter, digit or `_`, then those, `-` or
 * `.`. Expressions here and below rather than loops over characters: a cold scan runs this
 * code in the interpreter, where a loop per character costs far more than a regex.
 */
const KEY = /[A-Za-z0-9_][A-Za-z0-9_.-]*:(?= |$)/y;

/** Length of a `key:` at the start of `line` (followed by a space or the line's end), else 0. */
export function keyAt(line: string): number {
  // Sticky from 0: where the match ends is its length (no match array to allocate).
  KEY.lastIndex = 0;
  return KEY.test(line) ? KEY.lastIndex : 0;
}

/**
 * Whether a value (what follows `key: ` or `- `, trimmed) is one both parsers read alike:
 * a one-line quoted string, a one-line flow collection, a block scalar header without an
 * indentation digit, or plain text without YAML's markers. Conservative: a `no` only costs
 * the slower parser.
 */
export function simpleValue(v: string): boolean {
  if (v === '') return true;
  const first = v[0]!;
  // One line, closed at the end, no other unescaped quote; `''` is a quote in single quotes.
  if (first === '"') return DOUBLE_QUOTED.test(v);
  if (first === "'") return SINGLE_QUOTED.test(v);
  if (first === '[' || first === '{') return flowOnOneLine(v);
  if (first === '|' || first === '>') return /^[|>][+-]?$/.test(v);
  if (first === '-' && (v.length === 1 || v[1] === ' ')) return simpleValue(v.slice(1).trim());
  // Plain text: no indicator first, no `: ` or ` #` inside (a key or a comment), no marker
  // that starts a tag, anchor, alias or explicit key.
  if ('!&*?|>%@`#,]}'.includes(first)) return false;
  if (v.includes(': ') || v.endsWith(':') || v.includes(' #')) return false;
  return !/ [!&*?]/.test(v);
}

const DOUBLE_QUOTED = /^"(?:[^"\\]|\\[\s\S])*"$/;
const SINGLE_QUOTED = /^'(?:[^']|'')*'$/;

/** A flow collection closed on its line, its quotes balanced, no markers inside. */
function flowOnOneLine(v: string): boolean {
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (quote !== 0) {
      if (quote === 34 /* " */ && c === 92 /* \\ */) i++;
      else if (c === quote) {
        if (quote === 39 /* ' */ && v.charCodeAt(i + 1) === 39) i++;
        else quote = 0;
      }
      continue;
    }
    if (c === 34 || c === 39) quote = c;
    else if (c === 91 /* [ */ || c === 123 /* { */) depth++;
    else if (c === 93 /* ] */ || c === 125 /* } */) {
      if (--depth === 0 && i !== v.length - 1) return false;
    } else if (FLOW_MARKER[c] === 1) return false;
  }
  return depth === 0 && quote === 0;
}

/** 1 at the codes of ! & * ? | > % @ ` #, which start YAML constructs the check refuses. */
const FLOW_MARKER = new Uint8Array(128);
for (const m of '!&*?|>%@`#') FLOW_MARKER[m.charCodeAt(0)] = 1;

/**
 * The top-level keys and their lines when every line is blank, a comment, `key: value`
 * (top-level at column 0, nested indented), a `- value` item, or indented plain text (a
 * value's continuation or a block scalar's line), each with a simple value; else undefined.
 */
function simpleShape(input: string): { keys: string[]; lines: number[] } | undefined {
  const keys: string[] = [];
  const lines: number[] = [];
  let inBlock = -1; // indentation of the key whose block scalar we are in, or -1
  // Tabs, control characters, Unicode line breaks and byte-order marks: parsers differ.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\ufeff]/.test(input)) return undefined;
  const all = input.split('\n');
  for (let n = 0; n < all.length; n++) {
    const line = all[n]!;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    const rest = line.slice(indent).trimEnd();
    if (rest === '') continue;
    if (inBlock >= 0) {
      if (indent > inBlock) continue; // block scalar text is taken as written
      inBlock = -1;
    }
    if (rest[0] === '#') continue;
    const k = keyAt(rest);
    if (indent === 0) {
      if (k === 0) return undefined;
      keys.push(rest.slice(0, k - 1));
      lines.push(n + 1);
    }
    let value = k > 0 ? rest.slice(k).trim() : rest;
    if (k === 0 && value.startsWith('- ')) {
      // `- key: value` starts a map in a list.
      const inner = value.slice(2).trimStart();
      const ik = keyAt(inner);
      if (ik > 0) value = inner.slice(ik).trim();
    }
    if (!simpleValue(value)) return undefined;
    if (value[0] === '|' || value[0] === '>') inBlock = indent;
  }
  return { keys, lines };
}

/** Every key at every depth is one both parsers keep as the same text. */
export function keysAreText(v: unknown, budget = { left: 10_000 }): boolean {
  if (--budget.left < 0) return false;
  if (Array.isArray(v)) return v.every((x) => keysAreText(x, budget));
  if (v === null || typeof v !== 'object') return true;
  // Indexed loops: a cold scan runs this in the interpreter, where iterators allocate.
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (typedKey(k) || !keysAreText((v as Record<string, unknown>)[k], budget)) return false;
  }
  return true;
}

/** The engine's answer from js-yaml, or undefined when only `yaml` may answer. */
export function fastFrontmatterYaml(input: string): EngineResult | undefined {
  const shape = simpleShape(input);
  if (!shape) return undefined;
  const Y = loadJsYaml();
  let data: unknown;
  try {
    data = Y.load(input, { schema: Y.schema });
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const found = Object.keys(data);
  if (found.length !== shape.keys.length || found.some((k, i) => k !== shape.keys[i])) {
    return undefined;
  }
  const keyLines: Record<string, number> = {};
  for (let i = 0; i < found.length; i++) {
    const key = found[i]!;
    const v = (data as Record<string, unknown>)[key];
    // The reader may want the text of these as written (`version: 1.10`): `yaml` keeps it.
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return undefined;
    keyLines[key] = shape.lines[i]!;
  }
  if (!keysAreText(data)) return undefined;
  return { kind: 'ok', data, keyLines, repaired: [] };
}
