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
  'AUTH_FAILED',
  'RATE_LIMITED',
  'LOOP_DETECTED',
  'TIMEOUT',
  'ABORTED',
  'SKILL_ERROR',
  'SKILL_CRASHED',
  /** A runner's message (a tool's result, a context request) is over limits.maxMessageBytes. */
  'RESULT_TOO_LARGE',
  'NETWORK_ERROR',
  'SKILL_UNAVAILABLE',
  'MANIFEST_INVALID',
  'SKILL_MD_INVALID',
  'PACKAGE_INVALID',
  'CONFIG_INVALID',
  'NAME_COLLISION',
  'PATH_UNSAFE',
  'INSTALL_FAILED',
  /** `serve` cannot start (its port is taken, one runs for the home) or does not answer. */
  'SERVE_UNAVAILABLE',
  /** The shared store (Postgres) cannot be reached, or its settings are missing. */
  'STORE_UNAVAILABLE',
  /** An npm registry is down, answers garbage, or does not have the package asked for. */
  'REGISTRY_ERROR',
  /** `pack` refuses: a file that must not ship (secrets, keys, tests), or a failed check. */
  'PACK_REFUSED',
  /** The embedding application's beforeCall hook refused the call (its reason is in the message). */
  'HOOK_DENIED',
  /** The beforeCall hook threw, answered nonsense or did not answer: the call was not run. */
  'HOOK_FAILED',
  /** The skill is managed by another tool (ClawHub, the `skills` CLI): that tool updates or removes it. */
  'MANAGED_ELSEWHERE',
  /** `link`/`unlink` would replace or remove a path it did not make (a real folder, another link). */
  'LINK_CONFLICT',
  /** serve refused a request without a valid bearer token (static token or login). */
  'UNAUTHORIZED',
  /** serve refused a request whose Host header is not its loopback address (DNS rebinding). */
  'HOST_REFUSED',
  /** serve refused a request from a browser page of another origin. */
  'ORIGIN_REFUSED',
  /** A dashboard request that changes something came without the page's CSRF token. */
  'CSRF_REFUSED',
  /** A request body is over serve's size limit. */
  'BODY_TOO_LARGE',
  /** A request body is not the JSON the route reads. */
  'INVALID_JSON',
  /** No route of serve at that path. */
  'NOT_FOUND',
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
 * Codes of problems found while reading, validating or scanning a skill (data in a scan
 * record or `validate --json`, not thrown). Stable like ERROR_CODES: never renamed, only
 * added. A few are also error codes (`NAME_COLLISION`, `MANIFEST_INVALID`, `CONFIG_INVALID`)
 * because the same fact can be thrown by a command or listed by a scan.
 */
export const PROBLEM_CODES = [
  // The folder itself.
  'SKILL_DIR_MISSING',
  'SKILL_UNREADABLE',
  /** A file (SKILL.md, manifest.json, package.json, an entry) leads outside the folder. */
  'PATH_OUTSIDE_SKILL',
  /** More problems than reported: the rest were cut (see MAX_PROBLEMS). */
  'PROBLEMS_TRUNCATED',
  // SKILL.md.
  'SKILL_MD_MISSING',
  'SKILL_MD_UNREADABLE',
  'SKILL_MD_TOO_LARGE',
  'SKILL_MD_EMPTY',
  'SKILL_MD_NO_FRONTMATTER',
  'SKILL_MD_UNTERMINATED',
  'SKILL_MD_YAML',
  /** Anchors, aliases or merge keys in the frontmatter (refused: they can loop or explode). */
  'SKILL_MD_YAML_ALIAS',
  'SKILL_MD_UNQUOTED_COLON',
  'SKILL_MD_NOT_A_MAP',
  'SKILL_MD_NOT_A_STRING',
  'SKILL_MD_NAME_MISSING',
  'SKILL_MD_NAME_INVALID',
  'SKILL_MD_NAME_FOLDER_MISMATCH',
  'SKILL_MD_DESCRIPTION_MISSING',
  'SKILL_MD_DESCRIPTION_INVALID',
  'SKILL_MD_DESCRIPTION_TOO_LONG',
  'SKILL_MD_LICENSE_INVALID',
  'SKILL_MD_COMPATIBILITY_INVALID',
  'SKILL_MD_METADATA_INVALID',
  'SKILL_MD_ALLOWED_TOOLS_INVALID',
  'SKILL_MD_UNKNOWN_KEY',
  /** A key (or shape) outside Agent Skills that a known agent reads: a warning in strict mode. */
  'SKILL_MD_AGENT_KEY',
  // package.json.
  'PACKAGE_JSON_INVALID',
  'PACKAGE_JSON_MISSING',
  'PACKAGE_NOT_ESM',
  'PACKAGE_KEYWORD_MISSING',
  'VERSION_MISMATCH',
  // manifest.json.
  'MANIFEST_INVALID',
  'MANIFEST_JSON_SYNTAX',
  'MANIFEST_SCHEMA',
  'MANIFEST_NAME_MISMATCH',
  'HOST_RANGE_INVALID',
  'AUTH_PROVIDER_UNKNOWN',
  'TOOL_NAME_INVALID',
  'TOOL_NAME_PREFIX',
  'TOOL_DUPLICATE',
  /** An env name the host keeps for itself (OPENCLAW_*, NODE_OPTIONS, ...) in the manifest. */
  'PERMISSION_RESERVED',
  // The entry module (validate --strict imports it).
  'ENTRY_OUTSIDE_PACKAGE',
  'ENTRY_MISSING',
  'ENTRY_IMPORT_FAILED',
  'ENTRY_NOT_A_SKILL',
  'TOOLS_CREATE_FAILED',
  'TOOLS_NOT_A_MAP',
  'TOOL_NOT_IMPLEMENTED',
  'TOOL_NOT_DECLARED',
  'TOOL_SCHEMA_MISMATCH',
  // Eligibility and settings (the host's scan).
  'REQUIRES_OS',
  'REQUIRES_BIN',
  'REQUIRES_ANY_BIN',
  'REQUIRES_ENV',
  'REQUIRES_CONFIG',
  'HOST_RANGE_UNSATISFIED',
  'CONFIG_INVALID',
  'CONFIG_SCHEMA_INVALID',
  // The catalog.
  'NAME_COLLISION',
  // MCP servers from config.mcpServers.
  'MCP_CONFIG',
  'MCP_SERVER_FAILING',
  'MCP_SKILL_INVALID',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** Most problems one file reports; a generated or hostile file could otherwise list millions. */
export const MAX_PROBLEMS = 100;

/**
 * A problem found while reading or validating a skill. Problems are data, not exceptions:
 * a scan collects all of them so the user fixes everything in one pass.
 */
export interface Problem {
  /** Stable code, e.g. `SKILL_MD_NO_FRONTMATTER`, `MANIFEST_SCHEMA`. */
  code: ProblemCode;
  severity: 'error' | 'warning';
  message: string;
  /** Absolute path of the file to fix. */
  file: string;
  line?: number;
  /** JSON path or frontmatter key, where it applies. */
  field?: string;
}
