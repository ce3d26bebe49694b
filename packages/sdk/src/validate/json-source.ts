// JSON files as the user wrote them: parse fast with JSON.parse, and find line numbers
// with jsonc-parser only when there is a problem to point at (the scan's hot path never
// builds a syntax tree for a valid file). jsonc-parser itself loads on that first problem:
// its module builds ~1,200 strings when loaded, a cost every CLI start paid for nothing.
import { createRequire } from 'node:module';
import type * as JsoncParser from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';

const require = createRequire(import.meta.url);
let jsonc: typeof JsoncParser | undefined;
const loadJsonc = () => (jsonc ??= require('jsonc-parser') as typeof JsoncParser);

export type JsonPath = (string | number)[];

export type ParsedJson =
  | { ok: true; value: unknown }
  /** `depth` is set when the text nests deeper than MAX_JSON_DEPTH (nothing else was parsed). */
  | { ok: false; message: string; line?: number; depth?: number };

/**
 * Nesting of JSON arrays and objects a skill's or host's JSON file may have. Deeper text
 * is refused before parsing: jsonc-parser, which finds line numbers, recurses per level
 * and throws RangeError at a few thousand.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The deepest nesting of `[`/`{` outside strings, and the offset where it first passes
 * `limit` (-1 when it does not). One linear pass; no recursion.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): { depth: number; offset: number } {
  let depth = 0;
  let max = 0;
  let offset = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) {
        max = depth;
        if (max === limit + 1) offset = i;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return { depth: max, offset };
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Everything but opening brackets: what is left of a text bounds how deep it can nest. */
const NOT_OPENING = /[^[{]+/g;

export function parseJsonText(text: string): ParsedJson {
  const clean = stripBom(text);
  // The walk over every character runs only when the text has enough opening brackets to
  // pass the limit (a cold scan runs it in the interpreter, slow per character).
  const nesting =
    clean.length > MAX_JSON_DEPTH && clean.replace(NOT_OPENING, '').length > MAX_JSON_DEPTH
      ? jsonDepth(clean)
      : { depth: 0, offset: -1 };
  if (nesting.depth > MAX_JSON_DEPTH) {
    return {
      ok: false,
      message: `nests ${nesting.depth} levels deep (the limit is ${MAX_JSON_DEPTH})`,
      line: lineIndex(clean)(nesting.offset),
      depth: nesting.depth,
    };
  }
  try {
    return { ok: true, value: JSON.parse(clean) };
  } catch {
    const errors: ParseError[] = [];
    loadJsonc().parse(clean, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
    const first = errors[0];
    // JSON.parse's own message quotes the text: never shown (the file may be a secret).
    if (!first) return { ok: false, message: 'not JSON' };
    return {
      ok: false,
      message: describeParseError(first.error),
      line: lineIndex(clean)(first.offset),
    };
  }
}

function describeParseError(code: ParseError['error']): string {
  const name = loadJsonc().printParseErrorCode(code); // e.g. "CommaExpected"
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * A function from a character offset to its 1-based line: the line starts are found once,
 * then each lookup is a binary search (a file with thousands of problems stays linear).
 */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * Returns a function from a JSON path to the line of that key (or of its nearest existing
 * ancestor, so a missing key points at the object that should hold it). The tree is built
 * on the first call only.
 */
export function jsonLines(text: string): (path: JsonPath) => number | undefined {
  const clean = stripBom(text);
  let tree: Node | undefined | null = null;
  let lineAt: ((offset: number) => number) | undefined;
  return (path) => {
    if (tree === null) {
      // Deeper text was refused by parseJsonText; this guard keeps jsonc-parser's recursion safe.
      tree =
        jsonDepth(clean).depth > MAX_JSON_DEPTH
          ? undefined
          : (loadJsonc().parseTree(clean) ?? undefined);
      lineAt = lineIndex(clean);
    }
    if (!tree || !lineAt) return undefined;
    for (let n = path.length; n >= 0; n--) {
      const node = loadJsonc().findNodeAtLocation(tree, path.slice(0, n));
      if (!node) continue;
      // A property's value: point at its key, which is where people look.
      const at = node.parent?.type === 'property' ? node.parent : node;
      return lineAt(at.offset);
    }
    return undefined;
  };
}

/** `tools[1].name` for ["tools", 1, "name"]; "" for the root. */
export function displayPath(path: JsonPath): string {
  let out = '';
  for (const raw of path) {
    // A key can be any length; messages name it, so long ones are cut.
    const seg = typeof raw === 'string' && raw.length > 64 ? `${raw.slice(0, 63)}…` : raw;
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Short JSON rendering of a value for a message. */
export function showValue(value: unknown, max = 60): string {
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
