// The installer's public shapes. Everything here is plain JSON (no class, no function, no
// Date), so `serve` can send an InstallSummary to a dashboard or consent screen as it is and
// a script can read an InstallResult from `--json`.
import type { ShownGrants } from '../runners/folder-grants.js';
import type { ProvenanceInfo, SignatureStatus } from './trust-types.js';

/** A tool as the user is asked to allow it. */
export interface SummaryTool {
  /** Canonical `<skill>.<tool>`. */
  name: string;
  description: string;
  /** `auth.provider` and its scopes (the preset's short names), when the tool uses auth. */
  auth?: { provider: string; scopes: string[] };
  approval?: 'auto' | 'required';
  destructive?: boolean;
}

/** One finding of the dropper check or the policy hook, shown before consent. */
export interface InstallWarning {
  /** `DROPPER_PIPE_TO_SHELL`, `DROPPER_BASE64_TO_SHELL`, `DROPPER_ENCRYPTED_ARCHIVE`, `POLICY_WARN`, ... */
  code: string;
  message: string;
  /** Path inside the package (`SKILL.md`, `scripts/setup.sh`, `package.json`). */
  file?: string;
  line?: number;
}

/** A `file:` or `link:` dependency an install was allowed to have, and what it exposes. */
export interface LocalDependency {
  name: string;
  /** `dependencies` or `optionalDependencies`. */
  field: string;
  /** As package.json wrote it. */
  range: string;
  /** The real path (symlinks resolved) the skill may read. */
  path: string;
}

/** What consent is asked for: what the package is and what it may do. */
export interface InstallSummary {
  /** The skill's name (manifest / SKILL.md), the key in the store and the lockfile. */
  name: string;
  /** The npm package name (may differ from the skill name, e.g. a scoped package). */
  package: string;
  version: string;
  /** The version this replaces, when the skill is installed already. */
  previousVersion?: string;
  description: string;
  /** Where the tarball came from (registry URL, file path or folder). */
  resolved: string;
  /** The tarball's SRI integrity (`sha512-...`). */
  integrity: string;
  kind: 'docs' | 'code';
  /** The manifest's host API range, when it names one. */
  hostRange?: string;
  tools: SummaryTool[];
  /** What sandboxed code may reach: network hosts, env names, fs access (manifest `permissions`). */
  permissions: { network: string[]; env: string[]; fs: string };
  /** OAuth scopes per provider key, the union over the tools (what consent grants). */
  scopes: Record<string, string[]>;
  /** Runtime dependencies that will be installed (name -> range). */
  dependencies: Record<string, string>;
  /**
   * `file:` and `link:` dependencies `allowLocalDeps` let through, with the real path each
   * one links into the skill's node_modules: folders the skill may read, sandboxed or not.
   */
  localDependencies?: LocalDependency[];
  /** Install scripts the package declares; they are never run. */
  scripts: string[];
  warnings: InstallWarning[];
  /**
   * Registry installs: what the registry signature check found (`verified`, `unsigned`, or
   * `unverifiable` when the registry publishes no signing keys).
   */
  signature?: SignatureStatus;
  /** What a verified provenance attestation proves (source, commit, workflow, builder). */
  provenance?: ProvenanceInfo;
  /**
   * Folders the host config already grants the skill (`skills.<name>.grant`), `~` expanded,
   * with a note when the runner it gets does not enforce them.
   */
  grants?: ShownGrants;
  /** `allow`, `warn` or `block` from `install.policyCommand`; absent when none is set. */
  policy?: { decision: 'allow' | 'warn' | 'block'; reason?: string };
}

export interface InstallProgress {
  /**
   * In order: `resolve`, `fetch`, `inspect`, `policy`, `consent`, `dependencies`, `store`,
   * `load`, `lockfile`, `prune` for install and update; `remove` or `rollback`, then `load`,
   * `lockfile`, `prune`. The change is committed when the lockfile is written.
   */
  step: string;
  detail?: string;
}

export interface InstallOptions {
  /** Registry URL; default the host config's `install.registry`, else the user's npm config. */
  registry?: string;
  /** Accept without asking (the CLI's `--yes`). */
  yes?: boolean;
  /** Asked with the summary when `yes` is not set; no handler and no `yes` means refusal. */
  consent?: (summary: InstallSummary) => Promise<boolean>;
  onProgress?: (e: InstallProgress) => void;
  /** Stops between steps; nothing is changed after an abort. */
  signal?: AbortSignal;
  /**
   * Allow `file:` and `link:` dependencies (the CLI's `--allow-local-deps`), for an author
   * testing against a local checkout: the summary lists their real paths, which the skill may
   * then read. Only for installs from a folder or a .tgz; any other non-registry range is
   * refused regardless.
   */
  allowLocalDeps?: boolean;
  /**
   * `update` only: resolve the `latest` dist-tag instead of the range the skill was installed
   * with (the CLI's `update --latest`); consent then warns that the range is left.
   */
  latest?: boolean;
}

export type InstallAction = 'installed' | 'updated' | 'unchanged' | 'removed' | 'rolled-back';

export interface InstallResult {
  action: InstallAction;
  name: string;
  version: string;
  previousVersion?: string;
  /** The store folder now serving (absent after remove). */
  dir?: string;
  /** Canonical tool names the skill serves now. */
  tools: string[];
  summary?: InstallSummary;
  /** The catalog snapshot version that made the change visible. */
  snapshot: number;
  /** After `remove`: the skill's storage folder, and whether it was kept (not `purge`d). */
  storage?: { dir: string; kept: boolean };
}

/** `rollback`: to the version installed before the serving one, or `to` any kept version. */
export interface RollbackOptions extends Pick<InstallOptions, 'onProgress'> {
  to?: string;
}

/** `remove`: the skill's storage (`<home>/storage/<name>`) is kept unless `purge`. */
export interface RemoveOptions extends Pick<InstallOptions, 'onProgress'> {
  purge?: boolean;
}

/** One entry of `<home>/skills.lock.json`. */
export interface LockEntry {
  /** The skill name (also the key). */
  name: string;
  /** The npm package name. */
  package: string;
  version: string;
  /** Tarball URL, or `file:` path for local installs. */
  resolved: string;
  integrity: string;
  /** ISO time of the install. */
  time: string;
  /** What the user asked for (`weather@^1`, a tarball path); `update` resolves it again. */
  spec: string;
  /** The registry it came from, for registry installs. */
  registry?: string;
  /**
   * Registry installs: the range `update` stays in (`^1`, `latest`, a dist-tag), as npm would
   * save it; an exact version asked for keeps `^<version>`.
   */
  range?: string;
  /** Local dependencies consented with `allowLocalDeps`: name -> real path the skill may read. */
  localDependencies?: Record<string, string>;
  /** Skills from a folder, archive or git (source-prepare.ts): the spec as the user gave it. */
  source?: string;
  type?: 'registry' | 'tarball' | 'folder' | 'git' | 'zip';
  /** The commit a git install checked out. */
  commit?: string;
  /** sha256 (hex) over the installed files (source-digest.ts); `--frozen` must match it. */
  digest?: string;
  /** Registry installs: what the registry signature check found at install. */
  signature?: SignatureStatus;
  /** Registry installs: what the provenance attestation verified at install proved. */
  provenance?: ProvenanceInfo;
}

export interface LockFile {
  lockfileVersion: 1;
  skills: Record<string, LockEntry>;
}
