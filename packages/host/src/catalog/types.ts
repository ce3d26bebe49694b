// The catalog: what the scan found, as plain immutable data. Every change to the set of
// skills makes a new snapshot with a higher version; nothing mutates a snapshot.
import type {
  Manifest,
  ManifestTool,
  Problem,
  SkillDoc,
  ToolAnnotations,
} from '@openclaw/skill-sdk';

/** A tool's input or output JSON Schema; the manifest schema guarantees `type: "object"`. */
export type ObjectSchema = { type: 'object'; [keyword: string]: unknown };

export type SkillStatus = 'ready' | 'disabled' | 'ineligible' | 'invalid';

/** Where a skill was found, in precedence order (first wins on equal names). */
export type SourceKind =
  | 'workspace' // <workspace>/skills
  | 'workspace-agents' // <workspace>/.agents/skills
  | 'user-agents' // ~/.agents/skills
  | 'user-openclaw' // ~/.openclaw/skills
  | 'store' // the host's npm store
  | 'extra' // extra dirs from options or host config
  | 'package' // a single skill folder given directly (dev, validate)
  | 'builtin' // the host's own tools (skills.search, skills.read), precedence -1
  | 'mcp'; // an MCP server from config.mcpServers (dir and location are mcp://<server>)

export interface SkillSource {
  kind: SourceKind;
  /** The folder whose children are skill folders. */
  dir: string;
  /** Lower wins. */
  precedence: number;
}

export interface ToolRecord {
  /** Canonical `<skill>.<tool>`. */
  name: string;
  skill: string;
  /** The part after the dot. */
  tool: string;
  title?: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  annotations?: ToolAnnotations;
  auth?: { provider: string; scopes: string[] };
  approval?: 'auto' | 'required';
  timeoutMs: number;
  maxResultChars: number;
  ownerOnly: boolean;
  group?: string;
  manifest: ManifestTool;
}

/** Another tool that installed a skill and keeps it (its lock or origin file says so). */
export interface ManagedBy {
  tool: 'clawhub' | 'skills';
  /** The file that says so. */
  file: string;
  /** Where the tool got it (a ClawHub slug, `owner/repo` for the skills CLI). */
  source?: string;
  version?: string;
  /** ClawHub's registry URL. */
  registry?: string;
}

export interface SkillRecord {
  name: string;
  version: string;
  description: string;
  displayName?: string;
  emoji?: string;
  /** The skill's folder (absolute). */
  dir: string;
  /** Absolute path of SKILL.md. */
  location: string;
  source: SkillSource;
  status: SkillStatus;
  /** Why the skill is not ready, and warnings; never dropped silently. */
  problems: Problem[];
  /** Set when a skill of the same name from a higher-precedence source wins: its dir. */
  shadowedBy?: string;
  /** `code` skills have a manifest and an entry module; `docs` skills only SKILL.md. */
  kind: 'docs' | 'code';
  doc?: SkillDoc;
  manifest?: Manifest;
  /** Absolute path of the module to import, for code skills. */
  entry?: string;
  /** Set when ClawHub or the `skills` CLI installed the skill: that tool updates and removes it. */
  managedBy?: ManagedBy;
  /** The skill's validated config (defaults applied). */
  config: Readonly<Record<string, unknown>>;
  tools: readonly ToolRecord[];
}

export interface CatalogSnapshot {
  readonly version: number;
  readonly createdAt: number;
  /** Every record found, shadowed ones included, sorted by name then precedence. */
  readonly skills: readonly SkillRecord[];
  /** Winning record per name (whatever its status). */
  readonly byName: ReadonlyMap<string, SkillRecord>;
  /** Tools of ready, unshadowed skills, by canonical name. */
  readonly tools: ReadonlyMap<string, ToolRecord>;
  /** Catalog-level problems (e.g. wire-name collisions between skills). */
  readonly problems: readonly Problem[];
  /**
   * Computes a value once per snapshot (prompt blocks, tool definitions, compiled
   * validators). Keys name what is cached, e.g. `prompt:openclaw:18000:`.
   */
  memo<T>(key: string, compute: () => T): T;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RESULT_CHARS = 50_000;
