// What the dashboard shows of a skill and of its accounts: plain data computed from the
// catalog records, the host config and the grants (pure functions, tested on their own).
import type { Problem } from '@openclaw/skill-sdk';
import type { Grant } from '../auth/grants.js';
import { entryProblem, type EntryProblem } from '../catalog/entries.js';
import type { SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { compileApprovals } from '../router/approval.js';
import { runnerKindFor } from '../runners/choose.js';
import { managerCommand } from '../scan/managed-by.js';
import type { SkillTrust } from './skill-trust.js';

export interface ViewProblem extends EntryProblem {
  field?: string;
  /** What to do about it, in one line. */
  hint: string;
}

export interface ViewTool {
  name: string;
  title?: string;
  description: string;
  annotations?: Record<string, unknown>;
  /** What happens on a call: runs, asks a person first, or is refused by the config. */
  approval: 'auto' | 'ask' | 'deny';
  approvalWhy?: string;
  auth?: { provider: string; scopes: string[] };
}

export interface ViewSkill {
  name: string;
  displayName?: string;
  description: string;
  version: string;
  status: SkillRecord['status'] | 'needs-login';
  source: string;
  dir: string;
  runner?: string;
  shadowedBy?: string;
  /** A skill of the same name from another source hides this one, or is hidden by it. */
  shadowWarnings?: string[];
  /** Installed into the store: update, rollback and remove apply. */
  installed: boolean;
  /** The command that logs it in, when it needs a login. */
  login?: string;
  /** ClawHub or the `skills` CLI installed it: its source, and the command that updates it. */
  managedBy?: { tool: string; source?: string; version?: string; update: string; remove: string };
  /**
   * Installed from the store: what the install checked (registry signature, provenance), from
   * the lockfile; absent when the lockfile was not read (a shared store).
   */
  trust?: SkillTrust;
  problems: ViewProblem[];
  tools: ViewTool[];
}

/** One line a person can act on, naming the file (and line or field) to fix. */
export function problemHint(p: Problem, skill: Pick<SkillRecord, 'dir' | 'status'>): string {
  const where = `${p.file}${p.line !== undefined ? `:${p.line}` : ''}${p.field ? ` (${p.field})` : ''}`;
  if (skill.status === 'disabled')
    return 'Enable it here, or set "enabled": true for it in config.json.';
  if (p.severity === 'warning')
    return `Optional: fix ${where}; run openclaw-skill validate ${skill.dir} to check.`;
  return `Fix ${where}, then save: serve reloads it. Check with openclaw-skill validate ${skill.dir}.`;
}

export function viewSkill(
  s: SkillRecord,
  config: HostConfig,
  login: string | undefined,
  trust?: SkillTrust,
): ViewSkill {
  const approvals = compileApprovals(config.approvals);
  let runner: string | undefined;
  if (s.kind === 'code' && s.source.kind !== 'mcp' && s.source.kind !== 'builtin') {
    try {
      runner = runnerKindFor(s, config);
    } catch {
      runner = undefined; // an invalid skill may lack what the choice reads
    }
  } else if (s.source.kind === 'mcp') runner = 'mcp';
  return {
    name: s.name,
    ...(s.displayName && { displayName: s.displayName }),
    description: s.description,
    version: s.version,
    status: login ? 'needs-login' : s.status,
    source: s.source.kind,
    dir: s.dir,
    ...(runner && { runner }),
    ...(s.shadowedBy && { shadowedBy: s.shadowedBy }),
    installed: s.source.kind === 'store',
    ...(s.source.kind === 'store' && trust && { trust }),
    ...(login && { login }),
    ...(s.managedBy && {
      managedBy: {
        tool: s.managedBy.tool,
        ...(s.managedBy.source && { source: s.managedBy.source }),
        ...(s.managedBy.version && { version: s.managedBy.version }),
        update: managerCommand(s.managedBy, 'update', s.name),
        remove: managerCommand(s.managedBy, 'remove', s.name),
      },
    }),
    problems: s.problems.map((p) => ({
      ...entryProblem(p),
      ...(p.field && { field: p.field }),
      hint: problemHint(p, s),
    })),
    tools: s.tools.map((t) => {
      const need = approvals(t);
      return {
        name: t.name,
        ...(t.title && { title: t.title }),
        description: t.description,
        ...(t.annotations && { annotations: { ...t.annotations } }),
        approval: need.kind,
        ...(need.kind === 'ask' && { approvalWhy: need.reason }),
        ...(need.kind === 'deny' && { approvalWhy: need.rule }),
        ...(t.auth && { auth: { provider: t.auth.provider, scopes: [...t.auth.scopes] } }),
      };
    }),
  };
}

export interface ViewAccount {
  skill: string;
  /** The key of the manifest's `auth` map. */
  key: string;
  provider: string;
  /** Short scopes the skill's tools need. */
  scopes: string[];
  missing: string[];
  needsLogin: boolean;
  grants: Grant[];
}

/** One entry per oauth2 provider key of every unshadowed skill, with its grants. */
export function viewAccounts(
  skills: readonly SkillRecord[],
  grants: readonly Grant[],
  needs: ReadonlyMap<string, { key: string; missing: string[] }[]>,
  scopesOf: (s: SkillRecord, key: string) => string[],
): ViewAccount[] {
  const out: ViewAccount[] = [];
  for (const s of skills) {
    if (s.shadowedBy || s.source.kind === 'builtin') continue;
    for (const [key, entry] of Object.entries(s.manifest?.auth ?? {})) {
      if (entry.type !== 'oauth2') continue;
      const need = needs.get(s.name)?.find((n) => n.key === key);
      const mine = grants.filter((g) => g.skill === s.name && g.provider === entry.provider);
      out.push({
        skill: s.name,
        key,
        provider: entry.provider,
        scopes: scopesOf(s, key),
        missing: need?.missing ?? [],
        needsLogin: need !== undefined || mine.some((g) => g.state !== 'active'),
        grants: mine,
      });
    }
  }
  return out;
}
