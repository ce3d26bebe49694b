// JSON files as the user wrote them: parse fast with JSON.parse, and find line numbers
// with jsonc-parser only when there is a problem to point at (the scan's hot path never
// builds a syntax tree for a valid file).
import {
  findNodeAtLocation,
  parse,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';

export type JsonPath = (string | number)[];

export type ParsedJson =
  { ok: true; value: unknown } | { ok: false; message: string; line?: number };

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export function parseJsonText(text: string): ParsedJson {
  const clean = stripBom(text);
  try {
    return { ok: true, value: JSON.parse(clean) };
  } catch (e) {
    const errors: ParseError[] = [];
    parse(clean, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
    const first = errors[0];
    if (!first) return { ok: false, message: (e as Error).message };
    return {
      ok: false,
      message: describeParseError(first.error),
      line: lineAt(clean, first.offset),
    };
  }
}

function describeParseError(code: ParseError['error']): string {
  const name = printParseErrorCode(code); // e.g. "CommaExpected"
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Returns a function from a JSON path to the line of that key (or of its nearest existing
 * ancestor, so a missing key points at the object that should hold it). The tree is built
 * on the first call only.
 */
export function jsonLines(text: string): (path: JsonPath) => number | undefined {
  const clean = stripBom(text);
  let tree: Node | undefined | null = null;
  return (path) => {
    if (tree === null) tree = parseTree(clean) ?? undefined;
    if (!tree) return undefined;
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, path.slice(0, n));
      if (!node) continue;
      // A property's value: point at its key, which is where people look.
      const at = node.parent?.type === 'property' ? node.parent : node;
      return lineAt(clean, at.offset);
    }
    return undefined;
  };
}

/** `tools[1].name` for ["tools", 1, "name"]; "" for the root. */
export function displayPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
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
