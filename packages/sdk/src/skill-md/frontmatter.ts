// Finds a SKILL.md's frontmatter by gray-matter's rules and parses it with the frontmatter
// engine (yaml-engine.ts). We locate the delimiters ourselves, in one linear pass, for three
// reasons: users need the line of every problem; gray-matter treats an unterminated block as
// "all frontmatter"; and some inputs must never reach the parsers, which are not linear on
// them (see the limits below). The engine gets exactly the text gray-matter would hand it
// (engineInput) and builds a fresh object per call, so callers may mutate what they get.
import { parseFrontmatterYaml, type EngineResult } from './yaml-engine.js';

/** Frontmatter bytes (between the delimiters). The whole file has MAX_SKILL_MD_BYTES. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;
/** Nesting of flow collections (`[` and `{`): deeper input makes the YAML parser slow. */
export const MAX_FRONTMATTER_DEPTH = 64;
/**
 * gray-matter strips comment lines with /^\s*#[^\n]+/gm before parsing, which backtracks
 * over every run of blank lines once per line in it (quadratic: 200,000 blank lines take
 * 48 s). This bounds that work: the sum, over line starts, of the whitespace that follows.
 */
export const MAX_BLANK_RUN_WORK = 200_000;
/**
 * Per line: the YAML parser nests one level per `? `, `- ` or `: ` written in a row on a
 * line (`? ? ? ...` took 3.4 s at 256) and slows on piles of tags and anchors (`!x !x ...`),
 * and nests per indentation step across lines; deep nesting ends in a stack overflow that
 * can take the process down. Real frontmatter stays far below both limits.
 */
export const MAX_LINE_INDICATORS = 48;
export const MAX_LINE_INDENT = 128;

export type FrontmatterResult =
  | { kind: 'none' }
  | { kind: 'unterminated' }
  | { kind: 'refused'; message: string; line: number }
  | {
      kind: 'ok';
      /** The engine's answer: data or a YAML problem, keys' lines, repaired lines. */
      yaml: EngineResult;
      body: string;
      /** 1-based line where the body starts. */
      bodyLine: number;
    };

/** Normalises what editors add: a UTF-8 BOM and CRLF or CR line ends. */
export function normalizeText(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.includes('\r') ? noBom.replace(/\r\n?/g, '\n') : noBom;
}

export interface Located {
  /** Text of the opening line after `---` (gray-matter's "language"), trimmed. */
  language: string;
  /** Offsets of the frontmatter text (after the opening line's newline, before the closer). */
  start: number;
  end: number;
  /** Offset and 1-based line of the closing delimiter. */
  closeStart: number;
  closeLine: number;
  /** The closer is a `...` line (YAML's document end), not a line starting with `---`. */
  dots: boolean;
}

/**
 * Where the frontmatter is, by gray-matter's rules: the file starts with `---` not followed
 * by another `-`; the rest of that line names the language; the block ends at the first
 * line starting with `---`. We also accept a `...` line as the end (YAML's document end).
 */
export function locateFrontmatter(text: string): Located | 'none' | 'unterminated' {
  if (!text.startsWith('---') || text.charAt(3) === '-') return 'none';
  const firstEnd = text.indexOf('\n');
  if (firstEnd === -1) return 'unterminated';
  let line = 2;
  for (let start = firstEnd + 1; start <= text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const dots = text.startsWith('...', start) && text.slice(start + 3, end).trim() === '';
    if (text.startsWith('---', start) || dots) {
      return {
        language: text.slice(3, firstEnd).trim(),
        start: firstEnd + 1,
        end: Math.max(firstEnd + 1, start - 1),
        closeStart: start,
        closeLine: line,
        dots,
      };
    }
    if (end === text.length) break;
    start = end + 1;
  }
  return 'unterminated';
}

/**
 * Why the frontmatter must not reach the parsers, or undefined when it may. `line` is
 * 1-based within the frontmatter.
 */
export function refuseFrontmatter(yaml: string): { message: string; line: number } | undefined {
  if (Buffer.byteLength(yaml, 'utf8') > MAX_FRONTMATTER_BYTES) {
    return {
      message: `The frontmatter is over the ${MAX_FRONTMATTER_BYTES}-byte limit; keep it to name, description and short metadata.`,
      line: 1,
    };
  }
  // The walks below are skipped when they cannot find anything (most frontmatter): a cold
  // scan runs them in the interpreter, where a loop per character is slow.
  // The blank-run work is at most (line starts) x (longest run), both at most the length.
  if (yaml.length * yaml.length > MAX_BLANK_RUN_WORK && blankRunWork(yaml) > MAX_BLANK_RUN_WORK) {
    return {
      message:
        'The frontmatter holds long runs of blank lines; remove them (they make the parser slow).',
      line: 1,
    };
  }
  // Markers on a line and the nesting depth are counted over these characters; with no more
  // of them than a line may hold, and no line indented past the limit, nothing is refused.
  if (
    (yaml.length <= MAX_LINE_INDICATORS ||
      yaml.replace(NOT_COUNTED, '').length <= MAX_LINE_INDICATORS) &&
    !DEEP_INDENT.test(yaml)
  ) {
    return undefined;
  }
  let depth = 0;
  let line = 1;
  // Counted outside quotes too: a description with 64 nested brackets is not a real one.
  let indicators = 0;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    if (lineStart && (c === 32 || c === 9)) {
      if (++indent > MAX_LINE_INDENT) {
        return {
          message: `A frontmatter line is indented more than ${MAX_LINE_INDENT} columns; nest less.`,
          line,
        };
      }
      continue;
    }
    lineStart = false;
    if (c === 10) {
      line++;
      indicators = 0;
      indent = 0;
      lineStart = true;
    } else if (c === 63 || c === 45 || c === 58 || c === 33 || c === 38 || c === 42) {
      // `?`, `-` or `:` followed by a space, a tab or the line's end; or a tag (`!`),
      // anchor (`&`) or alias (`*`) starting a word (each piles node properties up).
      const next = i + 1 < yaml.length ? yaml.charCodeAt(i + 1) : 10;
      const prev = i > 0 ? yaml.charCodeAt(i - 1) : 32;
      const marker =
        c === 63 || c === 45 || c === 58
          ? next === 32 || next === 9 || next === 10
          : prev === 32 || prev === 9 || prev === 91 || prev === 123 || prev === 44;
      if (marker && ++indicators > MAX_LINE_INDICATORS) {
        return {
          message: `A frontmatter line holds more than ${MAX_LINE_INDICATORS} YAML markers (? - : ! & *); write the value in quotes.`,
          line,
        };
      }
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_FRONTMATTER_DEPTH) {
        return {
          message: `The frontmatter nests "[" or "{" more than ${MAX_FRONTMATTER_DEPTH} deep; flatten it.`,
          line,
        };
      }
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return undefined;
}

/** Characters no limit of refuseFrontmatter counts (all but markers and opening brackets). */
const NOT_COUNTED = /[^-?:!&*[{]+/g;
/** A line starting with more blanks than MAX_LINE_INDENT (a superset: `^` also follows \r). */
const DEEP_INDENT = new RegExp(`^[ \\t]{${MAX_LINE_INDENT + 1}}`, 'm');

/** The sum, over line starts, of the whitespace that follows (one pass from the end). */
function blankRunWork(yaml: string): number {
  let run = 0;
  let work = 0;
  for (let i = yaml.length - 1; i >= 0; i--) {
    const c = yaml.charCodeAt(i);
    run = c === 32 || c === 9 || c === 10 ? run + 1 : 0;
    if (i === 0 || yaml.charCodeAt(i - 1) === 10) work += run;
  }
  return work;
}

/** Splits and parses a normalised SKILL.md text. */
export function readFrontmatter(text: string): FrontmatterResult {
  const at = locateFrontmatter(text);
  if (at === 'none' || at === 'unterminated') return { kind: at };
  const yaml = text.slice(at.start, at.end);
  if (at.language !== '' && at.language !== 'yaml' && at.language !== 'yml') {
    return {
      kind: 'refused',
      message: `The frontmatter says it is "${at.language.slice(0, 40)}"; SKILL.md frontmatter is YAML: make the first line "---" alone.`,
      line: 1,
    };
  }
  const refused = refuseFrontmatter(yaml);
  // Lines inside `yaml` are 1-based from the file's line 2.
  if (refused) return { kind: 'refused', message: refused.message, line: refused.line + 1 };

  let yamlResult: EngineResult = { kind: 'ok', data: {}, keyLines: {}, repaired: [] };
  const input = engineInput(text, at);
  if (input !== undefined) yamlResult = parseFrontmatterYaml(input);
  return {
    kind: 'ok',
    yaml: yamlResult,
    body: bodyAfter(text, at.closeStart + 3),
    bodyLine: at.closeLine + 1,
  };
}

/** gray-matter's comment lines, which it removes before deciding that a block is blank. */
const COMMENT_LINES = /^\s*#[^\n]+/gm;

/**
 * The text gray-matter would hand its YAML engine for this file, or undefined when it would
 * call none (the block is blank once comment lines are removed: the data is `{}`). Done here
 * rather than by gray-matter itself: per file it converts the text to a Buffer, merges its
 * defaults three times and copies the body, about a fifth of a cold scan's parsing, for a
 * split we have already made (locateFrontmatter). Its rules: the opening line's text is
 * dropped only when it names a language (the block then starts at that line's newline, else
 * right after `---`), and the block ends before the newline of the closing line. The
 * engine's line N is then the file's line N. parse.property.test.ts checks this against
 * gray-matter.
 */
export function engineInput(text: string, at: Located): string | undefined {
  const firstEnd = at.start - 1;
  const from = text.slice(3, firstEnd).trim() === '' ? 3 : firstEnd;
  const block = text.slice(from, at.closeStart - 1);
  const kept = block.includes('#') ? block.replace(COMMENT_LINES, '') : block;
  return kept.trim() === '' ? undefined : block;
}

/**
 * The body as gray-matter cuts it: everything after the closing `---` (the rest of that
 * line included), less one line break.
 */
export function bodyAfter(text: string, from: number): string {
  let at = from;
  if (text.charCodeAt(at) === 13) at++;
  if (text.charCodeAt(at) === 10) at++;
  return text.slice(at);
}
