// The frontmatter's YAML engine, built on the `yaml` package. It reads values as the Agent Skills
// spec's types: YAML 1.2's core schema (`010` is not 8, `yes` is not true), no timestamps
// or other tagged types (a date stays the text written), and the original text of plain
// scalars so `name: 010` can be read as "010". It reports every key's line and each
// error's line, and bounds what a hostile file can make it do: aliases are expanded only
// within MAX_ALIAS_COUNT and never when they refer to themselves.
import { loadYaml } from '../lazy-deps.js';
import { fastFrontmatterYaml } from './yaml-fast.js';
import { flatFrontmatterYaml } from './yaml-flat.js';
import type { EngineResult } from './yaml-result.js';

export type { EngineResult, YamlProblem } from './yaml-result.js';

/** Alias expansions allowed (yaml's count: aliases times the nodes they stand for). */
export const MAX_ALIAS_COUNT = 100;

function parseOnce(input: string) {
  const Y = loadYaml();
  const lineCounter = new Y.LineCounter();
  const doc = Y.parseDocument(input, {
    schema: 'core',
    lineCounter,
    prettyErrors: false,
    resolveKnownTags: false,
    stringKeys: true,
    uniqueKeys: true,
  });
  return { doc, line: (offset: number) => lineCounter.linePos(offset).line };
}

/**
 * The engine's answer: read line by line when every entry is one simple line (yaml-flat.ts),
 * js-yaml's when the text is simple (yaml-fast.ts), else `yaml`'s.
 */
export function parseFrontmatterYaml(input: string): EngineResult {
  return flatFrontmatterYaml(input) ?? fastFrontmatterYaml(input) ?? parseWithYaml(input);
}

/** The answer of the `yaml` package, which handles every input. */
export function parseWithYaml(input: string): EngineResult {
  try {
    return parseChecked(input);
  } catch (e) {
    // The parser recurses per nesting level; `: : : ...` nests implicit maps thousands deep.
    if (!(e instanceof RangeError)) throw e;
    return {
      kind: 'error',
      problem: {
        code: 'SKILL_MD_YAML',
        message: 'The frontmatter nests too deep for a YAML parser; flatten it.',
        line: 2,
      },
    };
  }
}

function parseChecked(input: string): EngineResult {
  const Y = loadYaml();
  let parsed = parseOnce(input);
  let repaired: number[] = [];
  if (parsed.doc.errors.length > 0) {
    const first = parsed.doc.errors[0]!;
    const fix = quoteColonValues(input);
    const retry = fix.lines.length > 0 ? parseOnce(fix.text) : undefined;
    if (!retry || retry.doc.errors.length > 0) {
      return {
        kind: 'error',
        problem: {
          code: 'SKILL_MD_YAML',
          message: `The frontmatter is not valid YAML: ${firstLine(first.message)}`,
          line: parsed.line(first.pos[0]),
        },
      };
    }
    parsed = retry;
    repaired = fix.lines;
  }
  const { doc, line } = parsed;

  let cycle: number | undefined;
  // No `*`, no alias: most frontmatter skips the walk.
  if (input.includes('*'))
    Y.visit(doc, {
      Alias(_key, node, path) {
        const target = node.resolve(doc);
        if (target && path.includes(target)) {
          cycle = node.range ? line(node.range[0]) : 1;
          return Y.visit.BREAK;
        }
        return undefined;
      },
    });
  if (cycle !== undefined) {
    return aliasProblem('an alias refers to the value that holds it (a loop)', cycle);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    if (e instanceof ReferenceError) {
      return aliasProblem(`its aliases expand past ${MAX_ALIAS_COUNT} values`, undefined);
    }
    throw e;
  }

  const keyLines: Record<string, number> = {};
  const sources: Record<string, string> = {};
  if (Y.isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!Y.isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (!Object.hasOwn(keyLines, key) && pair.key.range) {
        keyLines[key] = line(pair.key.range[0]);
      }
      const v = pair.value;
      if (Y.isScalar(v) && v.type === 'PLAIN' && typeof v.value !== 'string' && v.source) {
        sources[key] = v.source;
      }
    }
  }
  return {
    kind: 'ok',
    data,
    keyLines,
    ...(Object.keys(sources).length > 0 && { sources }),
    repaired,
  };
}

function aliasProblem(why: string, line: number | undefined): EngineResult {
  return {
    kind: 'error',
    problem: {
      code: 'SKILL_MD_YAML_ALIAS',
      message: `The frontmatter cannot be read: ${why}. Write the values out instead of using YAML anchors (&) and aliases (*).`,
      ...(line !== undefined && { line }),
    },
  };
}

const firstLine = (s: string) => {
  const nl = s.indexOf('\n');
  return (nl === -1 ? s : s.slice(0, nl)).trim();
};

// Characters that start a YAML value which is not a plain scalar.
const NOT_PLAIN = new Set([...`'"{[|>&*!%@\``]);

function isKeyChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95
  );
}

/**
 * OpenClaw and many hand-written skills write `description: Use when: ...` unquoted, which
 * YAML rejects. Quote such top-level plain values so the file still loads; the caller
 * reports each repaired line. String scanning only: no regex runs over user text here.
 */
export function quoteColonValues(input: string): { text: string; lines: number[] } {
  const lines: number[] = [];
  const out = input.split('\n').map((l, i) => {
    let k = 0;
    while (k < l.length && isKeyChar(l.charCodeAt(k))) k++;
    if (k === 0 || l.charCodeAt(k) !== 58 /* : */) return l;
    const sep = l.charCodeAt(k + 1);
    if (sep !== 32 && sep !== 9) return l;
    const value = l.slice(k + 2).trim();
    if (value === '' || NOT_PLAIN.has(value[0]!)) return l;
    if (!value.includes(': ') && !value.includes(':\t')) return l;
    lines.push(i + 1);
    return `${l.slice(0, k)}: ${JSON.stringify(value)}`;
  });
  return { text: out.join('\n'), lines };
}
