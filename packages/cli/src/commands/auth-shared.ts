// What the auth commands share: opening the host with the file-store warning on stderr,
// finding the skill a login is for (by skill name, or by provider when one skill uses it),
// and opening a browser.
import { spawn } from 'node:child_process';
import type { SkillHost, SkillRecord } from '@openclaw/skill-host';
import { SkillError } from '@openclaw/skill-sdk';
import { openHost } from '../host.js';
import type { Io } from '../io.js';
import type { GlobalOptions } from '../options.js';

export function openAuthHost(opts: GlobalOptions, io: Io): Promise<SkillHost> {
  return openHost(opts, io, { auth: { warn: (line) => io.stderr(`${line}\n`) } });
}

const oauthKeys = (s: SkillRecord) =>
  Object.entries(s.manifest?.auth ?? {})
    .filter(([, e]) => e.type === 'oauth2')
    .map(([k]) => k);

/** The skill (and its manifest auth key) a `<skill|provider>` argument names. */
export function loginTarget(
  host: SkillHost,
  target: string,
  provider?: string,
): { skill: SkillRecord; key: string } {
  const skills = host.skills.filter((s) => !s.shadowedBy);
  let skill = skills.find((s) => s.name === target);
  if (!skill) {
    const users = skills.filter((s) =>
      Object.values(s.manifest?.auth ?? {}).some(
        (e) => e.type === 'oauth2' && e.provider === target,
      ),
    );
    if (users.length === 1) {
      skill = users[0]!;
      provider ??= Object.entries(skill.manifest?.auth ?? {}).find(
        ([, e]) => e.type === 'oauth2' && e.provider === target,
      )![0];
    } else if (users.length > 1) {
      throw new SkillError(
        'USAGE',
        `Several skills use ${target} (${users.map((s) => s.name).join(', ')}); grants are per skill: run openclaw-skill auth login <skill>, e.g. openclaw-skill auth login ${users[0]!.name}.`,
      );
    } else {
      throw new SkillError(
        'SKILL_NOT_FOUND',
        `No skill or provider named "${target}" is in use here; openclaw-skill list shows the skills.`,
      );
    }
  }
  const keys = oauthKeys(skill);
  if (keys.length === 0) {
    throw new SkillError(
      'INVALID_INPUT',
      `Skill "${skill.name}" declares no OAuth provider in its manifest.json; nothing to log in to.`,
    );
  }
  const key = provider ?? keys[0]!;
  if (!keys.includes(key)) {
    // A name that matches nothing is a user error (1), like a skill that is not there; a
    // command line that must say more (--provider, a skill for a shared provider) is usage.
    throw new SkillError(
      'INVALID_INPUT',
      `Skill "${skill.name}" has no OAuth provider "${key}" (it has: ${keys.join(', ')}).`,
    );
  }
  if (!provider && keys.length > 1) {
    throw new SkillError(
      'USAGE',
      `Skill "${skill.name}" uses several providers (${keys.join(', ')}); add --provider <name>.`,
    );
  }
  return { skill, key };
}

/**
 * The skill (and provider) a `logout <skill|provider>` argument names: a skill name as given
 * (its grants may outlive the skill), else a provider whose grants all belong to one skill,
 * as `login` takes it.
 */
export async function logoutTarget(
  host: SkillHost,
  target: string,
  provider?: string,
): Promise<{ skill: string; provider?: string }> {
  const isSkill =
    host.skills.some((s) => s.name === target) ||
    (await host.auth.list({ skill: target })).length > 0;
  if (isSkill) return { skill: target, ...(provider && { provider }) };
  const owners = [...new Set((await host.auth.list({ provider: target })).map((g) => g.skill))];
  if (owners.length > 1) {
    throw new SkillError(
      'USAGE',
      `Several skills have grants with ${target} (${owners.join(', ')}); grants are per skill: run openclaw-skill auth logout <skill>, e.g. openclaw-skill auth logout ${owners[0]!}.`,
    );
  }
  return owners.length === 1 ? { skill: owners[0]!, provider: target } : { skill: target };
}

/** Opens a URL in the user's browser; failures are ignored (the URL is printed anyway). */
export function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no opener: the printed URL is enough
  }
}

export const fmtTime = (ms: number | undefined) =>
  ms === undefined ? '-' : new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
