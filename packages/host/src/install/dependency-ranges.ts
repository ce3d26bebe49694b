// Which dependencies a skill may have: registry ranges only. Anything else would let a package
// choose what lands in its store folder, and so what its sandbox may read: a `file:` or `link:`
// dependency on `~/.ssh` links that folder into node_modules; a git repository, a tarball URL or
// an `npm:` alias installs code nobody reviewed under a name the consent screen shows as
// another. Each range is read with npm-package-arg, npm's own parser, so what is refused is
// what npm would have done. An author testing against a local checkout passes
// `allowLocal` (`--allow-local-deps`): `file:` and `link:` folders are then allowed, resolved
// against the folder the package was installed from, and the consent lists their real paths.
//
// What npm installs from: `dependencies` and `optionalDependencies` (dev and peer dependencies
// are left out), and the root `overrides`, which can swap any dependency's range. Bundled
// dependencies ship inside the package (their ranges are in `dependencies`, checked here).
import { realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isAbsolute } from 'node:path';
import type npaModule from 'npm-package-arg';
import { SkillError } from '@openclaw/skill-sdk';
import type { LocalDependency } from './types.js';

const INSTALLED_FIELDS = ['dependencies', 'optionalDependencies'] as const;
/** Range protocols of pnpm and Yarn that npm refuses (EUNSUPPORTEDPROTOCOL). */
const MONOREPO_PROTOCOLS = new Set(['workspace', 'catalog']);
/** Overrides nest this deep at most in any real package. */
const MAX_OVERRIDE_DEPTH = 8;

let npa: typeof npaModule | undefined;
// Loaded on the first install, through this package's own require (as pacote is).
const loadNpa = () =>
  (npa ??= createRequire(import.meta.url)('npm-package-arg') as typeof npaModule);

export interface DependencyCheck {
  /** The package's package.json, parsed. */
  raw: Record<string, unknown>;
  /** The package.json as shown: its path, or "package.json of name@version". */
  where: string;
  /** The folder local ranges resolve against; undefined for a registry or URL package. */
  base?: string;
  /** `--allow-local-deps`: `file:` and `link:` folders are allowed. */
  allowLocal?: boolean;
}

type Kind =
  | { kind: 'registry' }
  | { kind: 'local'; path: string }
  | { kind: 'monorepo' }
  | { kind: 'refused'; what: string };

/** What a range is, by npm's own reading of it. */
export function classifyRange(name: string, range: unknown, base: string): Kind {
  if (typeof range !== 'string') return { kind: 'refused', what: 'not a version range' };
  const spec = range.trim();
  const protocol = /^([a-z][a-z0-9+.-]*):/i.exec(spec)?.[1]?.toLowerCase();
  if (protocol !== undefined && MONOREPO_PROTOCOLS.has(protocol)) return { kind: 'monorepo' };
  let parsed: npaModule.Result;
  try {
    // npm has no `link:`; pnpm and Yarn mean a symlinked folder, which is npm's `file:`.
    parsed = loadNpa().resolve(name, protocol === 'link' ? `file:${spec.slice(5)}` : spec, base);
  } catch (e) {
    const code = (e as { code?: string }).code;
    return {
      kind: 'refused',
      what:
        code === 'EUNSUPPORTEDPROTOCOL'
          ? `a "${protocol}:" range, which npm cannot install`
          : `not something npm can install (${code ?? 'unreadable'})`,
    };
  }
  switch (parsed.type) {
    case 'range':
    case 'version':
    case 'tag':
      return { kind: 'registry' };
    case 'directory':
    case 'file':
      return { kind: 'local', path: parsed.fetchSpec ?? spec };
    case 'git':
      return { kind: 'refused', what: 'a git repository' };
    case 'remote':
      return { kind: 'refused', what: 'a tarball URL' };
    case 'alias':
      return { kind: 'refused', what: 'an npm: alias (another package under this name)' };
    default:
      return { kind: 'refused', what: `a "${String(parsed.type)}" dependency` };
  }
}

const REGISTRY_HINT =
  'Nothing was installed. Publish the dependency to the registry and use its version range; git, URL and npm: alias dependencies are never installed.';
const LOCAL_HINT =
  'Nothing was installed. Use a published version range; or, to test against your own checkout, install the skill from its folder with --allow-local-deps (the consent then lists the folders the skill may read).';

/**
 * Refuses a dependency that is not a registry range, naming package.json, the field, the
 * dependency and what to do; returns the local dependencies `allowLocal` let through, with
 * their real paths (a missing folder is refused here too).
 */
export async function checkDependencyRanges(c: DependencyCheck): Promise<LocalDependency[]> {
  const local: LocalDependency[] = [];
  for (const field of INSTALLED_FIELDS) {
    const deps = c.raw[field];
    if (typeof deps !== 'object' || deps === null) continue;
    for (const [name, range] of Object.entries(deps as Record<string, unknown>)) {
      const k = classifyRange(name, range, c.base ?? '/');
      if (k.kind === 'registry') continue;
      if (k.kind === 'local' && c.allowLocal && c.base !== undefined) {
        local.push({
          name,
          field,
          range: String(range),
          path: await realLocal(c, field, name, k.path),
        });
        continue;
      }
      throw refusal(c, { field, name, range }, k);
    }
  }
  checkOverrides(c, c.raw.overrides, ['overrides'], 0);
  return local;
}

/** One dependency as the package names it: where, which one, and the range it gives. */
interface DependencyAt {
  field: string;
  name: string;
  range: unknown;
}

function refusal(
  c: DependencyCheck,
  dep: DependencyAt,
  k: Exclude<Kind, { kind: 'registry' }>,
): SkillError {
  const { field, name, range } = dep;
  const at = `${c.where}: ${field}[${JSON.stringify(name)}] is ${JSON.stringify(range)}`;
  const opts = {
    ...(isAbsolute(c.where) && { file: c.where }),
    details: { field, dependency: name, range },
  };
  if (k.kind === 'monorepo') {
    return new SkillError('INSTALL_FAILED', `${at}, which only its monorepo understands.`, {
      ...opts,
      hint: 'Nothing was installed. Pack it there with `pnpm pack` (which writes real versions for workspace: and catalog: ranges) and install the .tgz.',
    });
  }
  if (k.kind === 'local') {
    const why =
      c.allowLocal && c.base === undefined
        ? 'a local path, which a package from a registry or URL cannot have'
        : `a local path (${k.path}): the skill could read whatever is there, so only registry versions are installed`;
    return new SkillError('INSTALL_FAILED', `${at}, ${why}.`, {
      ...opts,
      hint:
        c.allowLocal && c.base === undefined
          ? 'Nothing was installed. --allow-local-deps applies to a skill installed from a folder or a .tgz on this machine.'
          : LOCAL_HINT,
    });
  }
  return new SkillError(
    'INSTALL_FAILED',
    `${at}, ${k.what}: only registry versions are installed.`,
    {
      ...opts,
      hint: `${REGISTRY_HINT} For a folder of your own, use file: with --allow-local-deps.`,
    },
  );
}

async function realLocal(c: DependencyCheck, field: string, name: string, path: string) {
  try {
    return await realpath(path);
  } catch {
    throw new SkillError(
      'INSTALL_FAILED',
      `${c.where}: ${field}[${JSON.stringify(name)}] names the local path ${path}, which does not exist.`,
      {
        ...(isAbsolute(c.where) && { file: c.where }),
        hint: 'Nothing was installed. Fix the path (relative paths start at the skill folder).',
        details: { field, dependency: name },
      },
    );
  }
}

/** `overrides` values are ranges (or `$name` references to a dependency's): registry only. */
function checkOverrides(c: DependencyCheck, v: unknown, path: string[], depth: number): void {
  if (typeof v !== 'object' || v === null || depth > MAX_OVERRIDE_DEPTH) return;
  for (const [key, value] of Object.entries(v as Record<string, unknown>)) {
    if (typeof value === 'object' && value !== null) {
      checkOverrides(c, value, [...path, key], depth + 1);
      continue;
    }
    if (typeof value === 'string' && value.startsWith('$')) continue;
    const read = classifyRange('override', value, c.base ?? '/');
    if (read.kind === 'registry') continue;
    // --allow-local-deps is for dependencies; an override never points at a folder.
    const k =
      read.kind === 'local'
        ? { kind: 'refused' as const, what: `a local path (${read.path})` }
        : read;
    const field = path.map((p, i) => (i === 0 ? p : `[${JSON.stringify(p)}]`)).join('');
    throw refusal(c, { field, name: key, range: value }, k);
  }
}
