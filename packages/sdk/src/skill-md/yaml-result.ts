// What a frontmatter YAML parse answers, shared by the full engine and the fast path that
// reads the common simple case without loading a YAML library.
import type { ProblemCode } from '../errors.js';

export interface YamlProblem {
  code: Extract<ProblemCode, 'SKILL_MD_YAML' | 'SKILL_MD_YAML_ALIAS'>;
  message: string;
  /** 1-based line in the file. */
  line?: number;
}

export type EngineResult =
  | {
      kind: 'ok';
      data: unknown;
      /** 1-based file line of each top-level key (first occurrence). */
      keyLines: Record<string, number>;
      /** The text as written of top-level plain scalars YAML did not read as strings. */
      sources?: Record<string, string>;
      /** File lines whose unquoted `key: a: b` value was read as text (lenient repair). */
      repaired: number[];
    }
  | { kind: 'error'; problem: YamlProblem };
