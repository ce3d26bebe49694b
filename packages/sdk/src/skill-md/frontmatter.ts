// Splits a SKILL.md into frontmatter and body and parses the YAML with gray-matter's YAML
// engine. We find the delimiters ourselves: gray-matter treats an unterminated block as
// "all frontmatter" and reports no line numbers, and users need to know which line to fix.
// Calling the engine directly also skips matter()'s cache, which shares parsed objects
// between calls with the same text (and its per-call Buffer copy of the input).
import { createRequire } from 'node:module';
import type engines from 'gray-matter/lib/engines.js';

// Loaded on the first parse: a host whose scan is answered from its cache never needs the
// YAML parser (~30 ms to load).
const require = createRequire(import.meta.url);
let yamlEngines: typeof engines | undefined;
const loadEngines = () => (yamlEngines ??= require('gray-matter/lib/engines.js') as typeof engines);

export interface Split {
  /** Frontmatter text between the delimiters (no delimiters). */
  yaml: string;
  body: string;
  /** 1-based line of the first frontmatter line. */
  yamlLine: number;
  bodyLine: number;
}

export type SplitResult =
  { kind: 'ok'; split: Split } | { kind: 'none' } | { kind: 'unterminated'; line: number };

/** Normalises what editors add: a UTF-8 BOM and CRLF or CR line ends. */
export function normalizeText(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.includes('\r') ? noBom.replace(/\r\n?/g, '\n') : noBom;
}

/** Finds the frontmatter delimiters line by line, without splitting the (larger) body. */
export function splitFrontmatter(text: string): SplitResult {
  let end = text.indexOf('\n');
  if (text.slice(0, end === -1 ? text.length : end).trimEnd() !== '---') return { kind: 'none' };
  if (end === -1) return { kind: 'unterminated', line: 1 };
  const yamlStart = end + 1;
  for (let line = 2, start = yamlStart; ; line++) {
    end = text.indexOf('\n', start);
    const l = (end === -1 ? text.slice(start) : text.slice(start, end)).trimEnd();
    if (l === '---' || l === '...') {
      return {
        kind: 'ok',
        split: {
          yaml: start > yamlStart ? text.slice(yamlStart, start - 1) : '',
          body: end === -1 ? '' : text.slice(end + 1),
          yamlLine: 2,
          bodyLine: line + 1,
        },
      };
    }
    if (end === -1) return { kind: 'unterminated', line: 1 };
    start = end + 1;
  }
}

export class YamlError extends Error {
  constructor(
    message: string,
    /** 0-based line inside the frontmatter, when the parser said. */
    readonly yamlLine?: number,
  ) {
    super(message);
  }
}

/** Parses frontmatter YAML into a fresh object (nothing is cached or shared between calls). */
export function parseYaml(yaml: string): unknown {
  try {
    return loadEngines().yaml.parse(yaml);
  } catch (e) {
    const err = e as { reason?: string; message?: string; mark?: { line?: number } };
    throw new YamlError(
      err.reason ?? err.message ?? String(e),
      typeof err.mark?.line === 'number' ? err.mark.line : undefined,
    );
  }
}

const KEY_LINE = /^([A-Za-z0-9_-]+)\s*:(.*)$/;

/** 1-based file line of each top-level key. */
export function keyLines(yaml: string, yamlLine: number): Record<string, number> {
  const out: Record<string, number> = {};
  yaml.split('\n').forEach((line, i) => {
    const m = KEY_LINE.exec(line);
    if (m && !(m[1]! in out)) out[m[1]!] = yamlLine + i;
  });
  return out;
}

/** The raw text of a top-level scalar, for reading `name: 010` as the string it is. */
export function rawScalar(yaml: string, key: string): string | undefined {
  for (const line of yaml.split('\n')) {
    const m = KEY_LINE.exec(line);
    if (m && m[1] === key) {
      const v = m[2]!.replace(/\s+#.*$/, '').trim();
      const q = /^(['"])(.*)\1$/.exec(v);
      return q ? q[2] : v;
    }
  }
  return undefined;
}

/**
 * OpenClaw and many hand-written skills write `description: Use when: ...` unquoted, which
 * strict YAML rejects. Quote such top-level plain scalars so the file still loads; the
 * caller reports each repaired line as a warning.
 */
export function quoteColonScalars(yaml: string): { yaml: string; repaired: number[] } {
  const repaired: number[] = [];
  const out = yaml.split('\n').map((line, i) => {
    const m = /^([A-Za-z0-9_-]+):[ \t]+(.+)$/.exec(line);
    if (!m) return line;
    const value = m[2]!.trim();
    if (/^['"{[|>&*!]/.test(value) || !/:\s/.test(value)) return line;
    repaired.push(i);
    return `${m[1]}: ${JSON.stringify(value)}`;
  });
  return { yaml: out.join('\n'), repaired };
}
