// Where the host keeps its state. One function decides the home folder so the library,
// the CLI and serve agree: option > env OPENCLAW_SKILLS_HOME > ~/.openclaw/skill-host.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface HomeOptions {
  home?: string;
  env?: NodeJS.ProcessEnv;
  /** The user's home folder (tests pass a temp dir so the real ~ is never read). */
  userHome?: string;
}

export function resolveUserHome(opts: Pick<HomeOptions, 'userHome'> = {}): string {
  return resolve(opts.userHome ?? homedir());
}

export function resolveHome(opts: HomeOptions = {}): string {
  const env = opts.env ?? process.env;
  if (opts.home) return resolve(opts.home);
  if (env.OPENCLAW_SKILLS_HOME) return resolve(env.OPENCLAW_SKILLS_HOME);
  return join(resolveUserHome(opts), '.openclaw', 'skill-host');
}

export interface HostPaths {
  home: string;
  /** `<home>/config.json`, the host config. */
  config: string;
  /** `<home>/store`, skills installed from npm. */
  store: string;
  /** `<home>/skills.lock.json`, what is installed from npm, exactly. */
  lockfile: string;
  /** `<home>/cache/npm`, the installer's npm cache (never the user's ~/.npm). */
  npmCache: string;
  /** `<home>/audit.jsonl`, one line per tool call. */
  audit: string;
  /** `<home>/cache/scan.json`, what each skill folder held at the last scan. */
  scanCache: string;
  /** `<home>/storage/<skill>`, a skill's persistent key-value storage. */
  storage(skill: string): string;
}

export function hostPaths(home: string): HostPaths {
  return {
    home,
    config: join(home, 'config.json'),
    store: join(home, 'store'),
    lockfile: join(home, 'skills.lock.json'),
    npmCache: join(home, 'cache', 'npm'),
    audit: join(home, 'audit.jsonl'),
    scanCache: join(home, 'cache', 'scan.json'),
    storage: (skill) => join(home, 'storage', encodeFileName(skill)),
  };
}

/**
 * A reversible, filesystem-safe name: lowercase letters, digits, `-` and `_` stay, every
 * other UTF-8 byte becomes `%XX`. Upper-case letters are encoded too, so names that differ
 * only in case stay distinct on case-insensitive filesystems, and no name can be `.` or `..`
 * or look like a temp file.
 */
export function encodeFileName(name: string): string {
  let out = '';
  for (const byte of Buffer.from(name, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[a-z0-9_-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function decodeFileName(encoded: string): string | undefined {
  if (!/^(?:[a-z0-9_-]|%[0-9A-F]{2})*$/.test(encoded)) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
