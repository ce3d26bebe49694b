// What `openclaw-skill list --json` prints and `GET /api/skills` answers: one
// plain entry per skill, so the CLI shows the same thing whether it read the home itself or
// asked the running serve.
import type { Problem } from '@openclaw/skill-sdk';
import type { SkillHost } from '../host.js';
import { codeRunnerOf } from '../runners/choose.js';
import { shownGrants, type ShownGrants } from '../runners/folder-grants.js';
import { shadowWarnings, type ShadowWarning } from './shadowing.js';
import type { ManagedBy, SkillRecord, SkillStatus, SourceKind } from './types.js';

/** A problem as the CLI, the control API and the dashboard show it (no internal fields). */
export interface EntryProblem {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  file: string;
  line?: number;
}

export function entryProblem(p: Problem): EntryProblem {
  return {
    code: p.code,
    severity: p.severity,
    message: p.message,
    file: p.file,
    ...(p.line !== undefined && { line: p.line }),
  };
}

export interface ListEntry {
  name: string;
  version: string;
  /** The scan's status, or `needs-login` for a ready skill whose OAuth grant is missing. */
  status: SkillStatus | 'needs-login';
  source: SourceKind;
  dir: string;
  shadowedBy?: string;
  tools: string[];
  problems: EntryProblem[];
  /** The command that logs the skill in, with status `needs-login`. */
  login?: string;
  /** ClawHub or the `skills` CLI installed it (version and source from its files). */
  managedBy?: Omit<ManagedBy, 'file'>;
  /** A skill of the same name from another source hides this one, or is hidden by it. */
  shadowWarnings?: ShadowWarning[];
  /**
   * Folders the user granted the skill in the host config (`skills.<name>.grant`), `~`
   * expanded, with a note when its runner does not enforce them.
   */
  grants?: ShownGrants;
}

export function listEntry(s: SkillRecord): ListEntry {
  return {
    name: s.name,
    version: s.version,
    status: s.status,
    source: s.source.kind,
    dir: s.dir,
    ...(s.shadowedBy && { shadowedBy: s.shadowedBy }),
    tools: s.tools.map((t) => t.name),
    problems: s.problems.map(entryProblem),
    ...(s.managedBy && { managedBy: managedEntry(s.managedBy) }),
  };
}

function managedEntry(m: ManagedBy): Omit<ManagedBy, 'file'> {
  const { file: _file, ...rest } = m;
  return rest;
}

/** Every skill of the host (the built-in one with `builtin`), with login state checked. */
export async function listEntries(
  host: SkillHost,
  opts: { builtin?: boolean } = {},
): Promise<ListEntry[]> {
  const out: ListEntry[] = [];
  const shadows = shadowWarnings(host.skills);
  for (const s of host.skills) {
    if (!opts.builtin && s.source.kind === 'builtin') continue;
    const entry = listEntry(s);
    const warnings = shadows.get(s.dir);
    if (warnings) entry.shadowWarnings = warnings;
    const grants = shownGrants({
      config: host.config,
      skill: s.name,
      runner: codeRunnerOf(s, host.config),
    });
    if (grants) entry.grants = grants;
    // A ready skill whose OAuth grant is missing or needs re-login cannot succeed a call.
    if (s.status === 'ready' && !s.shadowedBy && s.manifest?.auth) {
      const needs = await host.auth.needsLogin(s);
      if (needs.length) Object.assign(entry, { status: 'needs-login', login: needs[0]!.command });
    }
    out.push(entry);
  }
  return out;
}
