// One coded error type for the whole project. Codes are stable: scripts and models match
// on them, so a code is never renamed, only added.
export const ERROR_CODES = [
  'SKILL_NOT_FOUND',
  'TOOL_NOT_FOUND',
  'POLICY_DENIED',
  'INVALID_INPUT',
  'INVALID_OUTPUT',
  'APPROVAL_REQUIRED',
  'APPROVAL_DENIED',
  'APPROVAL_TIMEOUT',
  'AUTH_REQUIRED',
  'RATE_LIMITED',
  'LOOP_DETECTED',
  'TIMEOUT',
  'ABORTED',
  'SKILL_ERROR',
  'SKILL_CRASHED',
  'SKILL_UNAVAILABLE',
  'MANIFEST_INVALID',
  'SKILL_MD_INVALID',
  'PACKAGE_INVALID',
  'CONFIG_INVALID',
  'NAME_COLLISION',
  'PATH_UNSAFE',
  'INSTALL_FAILED',
  'USAGE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface SkillErrorOptions {
  hint?: string;
  file?: string;
  line?: number;
  cause?: unknown;
  /** Extra machine-readable detail (e.g. JSON paths, candidate names). */
  details?: Record<string, unknown>;
}

/**
 * Marks a SkillError from any copy of this package: a skill installed from npm, or a host
 * bundled into the CLI, has its own copy, and `instanceof` sees only one.
 */
const SKILL_ERROR = Symbol.for('@openclaw/skill-sdk:SkillError');

export class SkillError extends Error {
  override readonly name = 'SkillError';
  get [SKILL_ERROR](): true {
    return true;
  }
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly file?: string;
  readonly line?: number;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: SkillErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
    if (options.file !== undefined) this.file = options.file;
    if (options.line !== undefined) this.line = options.line;
    if (options.details !== undefined) this.details = options.details;
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint && { hint: this.hint }),
      ...(this.file && { file: this.file }),
      ...(this.line !== undefined && { line: this.line }),
      ...(this.details && { details: this.details }),
    };
  }
}

export const isSkillError = (e: unknown): e is SkillError =>
  e instanceof SkillError ||
  (typeof e === 'object' &&
    e !== null &&
    (e as { [SKILL_ERROR]?: unknown })[SKILL_ERROR] === true &&
    typeof (e as { code?: unknown }).code === 'string');

/**
 * A problem found while reading or validating a skill. Problems are data, not exceptions:
 * a scan collects all of them so the user fixes everything in one pass.
 */
export interface Problem {
  /** Stable code, e.g. `SKILL_MD_NO_FRONTMATTER`, `MANIFEST_SCHEMA`. */
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** Absolute path of the file to fix. */
  file: string;
  line?: number;
  /** JSON path or frontmatter key, where it applies. */
  field?: string;
}
