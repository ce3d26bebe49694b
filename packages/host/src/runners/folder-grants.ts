// Folders the user grants a sandboxed skill in the host config (`skills.<name>.grant.read` and
// `grant.write`): the only way code from a registry reaches a file outside its own package and
// storage (gmail attaching from ~/Outbox, say). A grant is a real folder outside the host's
// home: that home holds the vault, OAuth grants and the lockfile, so a grant inside it (or one
// containing it, such as `~`) would hand a skill every other skill's secrets.
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { realpath } from 'node:fs/promises';
import { SkillError } from '@openclaw/skill-sdk';
import { skillSettings } from '../config/load.js';
import type { HostConfig } from '../config/schema.js';
import type { RunnerKind } from './types.js';

export interface FolderGrants {
  /** Folders the skill may read. */
  read: string[];
  /** Folders the skill may read and write. */
  write: string[];
}

type Access = keyof FolderGrants;

/** `~` and `~/x` name the user's home folder, as in a shell. */
export function expandHome(path: string, userHome: string): string {
  if (path === '~') return userHome;
  if (path.startsWith('~/')) return join(userHome, path.slice(2));
  return path;
}

/** The folders as written in the config, `~` expanded (for `list` and the consent screen). */
export function grantedFolders(
  config: HostConfig,
  skill: string,
  userHome: string = homedir(),
): FolderGrants | undefined {
  const grant = skillSettings(config, skill)?.grant;
  const read = (grant?.read ?? []).map((p) => expandHome(p, userHome));
  const write = (grant?.write ?? []).map((p) => expandHome(p, userHome));
  return read.length || write.length ? { read, write } : undefined;
}

/** The grants as `list` and the consent show them. */
export interface ShownGrants extends FolderGrants {
  /**
   * Set when the skill's runner does not enforce grants (anything but `sandbox`): one line
   * saying so, so nobody takes the folders for a limit.
   */
  unenforced?: string;
}

/**
 * Only the sandbox limits file access: a skill in a worker or in the host process reads and
 * writes what the user can, grant or not. Refusing the config would take nothing away from
 * such a skill but the folders it is already able to use; saying so loses nothing.
 */
export function unenforcedNote(skill: string, runner: RunnerKind | undefined): string | undefined {
  if (runner === undefined || runner === 'sandbox') return undefined;
  const where = runner === 'worker' ? 'a worker' : 'the host process';
  return `grants apply only to sandboxed skills; ${skill} runs in ${where} with full file access (set skills.${skill}.runner to "sandbox" to hold it to these folders)`;
}

/** The folders granted, with the note when `runner` (absent for a skill without code) ignores them. */
export function shownGrants(o: {
  config: HostConfig;
  skill: string;
  runner: RunnerKind | undefined;
  userHome?: string;
}): ShownGrants | undefined {
  const grants = grantedFolders(o.config, o.skill, o.userHome);
  if (!grants) return undefined;
  const note = unenforcedNote(o.skill, o.runner);
  return note ? { ...grants, unenforced: note } : grants;
}

const within = (parent: string, child: string) => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export interface ResolveFolderGrantsOptions {
  config: HostConfig;
  skill: string;
  /** The host's home (vault, grants, lockfile): never grantable. */
  hostHome: string;
  /** What `~` expands to. */
  userHome: string;
  /** The config file, named in the problem. */
  configFile: string;
}

/**
 * The granted folders as real paths (Node's permission model checks the real path opened).
 * A bad entry refuses the skill's start with CONFIG_INVALID naming the key; other skills
 * carry on.
 */
export async function resolveFolderGrants(opts: ResolveFolderGrantsOptions): Promise<FolderGrants> {
  const grant = skillSettings(opts.config, opts.skill)?.grant;
  const homes = [resolve(opts.hostHome)];
  const realHome = await realpath(opts.hostHome).catch(() => undefined);
  if (realHome) homes.push(realHome);
  const out: FolderGrants = { read: [], write: [] };
  for (const access of ['read', 'write'] as const) {
    const list = grant?.[access] ?? [];
    for (const [i, written] of list.entries()) {
      const key = `skills.${opts.skill}.grant.${access}[${i}]`;
      out[access].push(await checkFolder({ written, key, homes, access, ...opts }));
    }
  }
  return out;
}

async function checkFolder(o: {
  written: string;
  key: string;
  homes: string[];
  access: Access;
  userHome: string;
  configFile: string;
}): Promise<string> {
  const problem = (why: string) =>
    new SkillError('CONFIG_INVALID', `${o.configFile}: ${o.key} ${why}`, {
      file: o.configFile,
      hint: `Fix ${o.key} in ${o.configFile}: an absolute folder (or ~/...) outside the host's home.`,
      details: { key: o.key },
    });
  const path = expandHome(o.written, o.userHome);
  if (!isAbsolute(path)) throw problem(`("${o.written}") is not an absolute path.`);
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined) throw problem(`names ${path}, which does not exist.`);
  for (const home of o.homes) {
    if (within(home, real) || within(real, home)) {
      throw problem(
        `(${path}) overlaps the host's home ${home}, where its vault and OAuth grants live; a skill is never given that folder.`,
      );
    }
  }
  return real;
}

/** The sandbox runner's `folders` option, reading the config current at each start. */
export function folderGrantsResolver(
  config: () => HostConfig,
  where: Omit<ResolveFolderGrantsOptions, 'config' | 'skill'>,
): (skill: { name: string }) => Promise<FolderGrants> {
  return (skill) => resolveFolderGrants({ ...where, config: config(), skill: skill.name });
}
