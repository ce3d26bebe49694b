// What a sandboxed skill may read, as real paths (Node's permission model checks the real path
// a module is loaded from).
// - A skill from the host's store: its own version folder (npm installed its dependencies
//   inside it) and exactly the local dependencies consented at install. A link anywhere in
//   the folder that resolves elsewhere (a tampered store, a `file:` dependency on ~/.ssh) is
//   never granted: the sandbox refuses to start.
// - A skill from one of your own folders (workspace, ~/.agents/skills, extra dirs): its package
//   and the packages it depends on, found the way Node resolves them (`node_modules/<name>` in
//   the package's folder and each folder above it; pnpm links them into a shared store).
import { lstat, readFile, readdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { consentedLocalPaths } from '../install/local-deps.js';

/** A dependency tree bigger than this is refused rather than walked forever. */
const MAX_PACKAGES = 2000;

async function findPackage(from: string, name: string): Promise<string | undefined> {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    try {
      return await realpath(candidate);
    } catch {
      // Not here; look one folder up.
    }
    if (dirname(dir) === dir) return undefined;
  }
}

async function dependencyNames(dir: string): Promise<string[]> {
  try {
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    return [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ];
  } catch {
    return [];
  }
}

/** The real paths of a package and everything it depends on (transitively). */
export async function packageClosure(dir: string): Promise<string[]> {
  const root = await realpath(dir);
  const seen = new Set<string>([root]);
  const queue = [root];
  while (queue.length > 0) {
    const pkg = queue.shift()!;
    for (const name of await dependencyNames(pkg)) {
      const found = await findPackage(pkg, name);
      if (!found || seen.has(found)) continue;
      if (seen.size >= MAX_PACKAGES) {
        throw new SkillError(
          'SKILL_UNAVAILABLE',
          `The package ${root} has more than ${MAX_PACKAGES} dependencies; the sandbox refuses to grant them all.`,
        );
      }
      seen.add(found);
      queue.push(found);
    }
  }
  return [...seen];
}

const inside = (parent: string, child: string) => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * Node 20 follows symbolic links inside a granted folder wherever they point, so a link
 * planted in a skill's folder (`data -> ~/.ssh`) would open the home to it. Every link under
 * the granted folders must land inside them; a package manager's links between packages
 * (into another node_modules tree) are tolerated, anything else refuses the sandbox.
 */
export async function checkLinks(
  roots: readonly string[],
  opts: { strict?: boolean } = {},
): Promise<void> {
  const allowed = (target: string) => roots.some((r) => inside(r, target));
  for (const root of roots) {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isSymbolicLink()) continue;
      const link = join(e.parentPath ?? (e as unknown as { path: string }).path, e.name);
      let target: string;
      try {
        target = await realpath(link);
      } catch {
        continue; // A dangling link opens nothing.
      }
      if (allowed(target)) continue;
      if (opts.strict) throw outside(link, target);
      const managed =
        link.includes(`${sep}node_modules${sep}`) && target.includes(`${sep}node_modules${sep}`);
      const inPnpmWorkspace =
        link.includes(`${sep}node_modules${sep}`) && (await isPackage(target));
      if (managed || inPnpmWorkspace) continue;
      throw outside(link, target);
    }
  }
}

const outside = (link: string, target: string) =>
  new SkillError(
    'PATH_UNSAFE',
    `The symbolic link ${link} points to ${target}, outside the skill's package and its dependencies; the sandbox would let the skill read there, so it was not started.`,
    {
      file: link,
      hint: 'Remove the link, or install the skill again (`openclaw-skill install`); a local dependency is readable only when installed with --allow-local-deps.',
    },
  );

/**
 * The folders a sandboxed skill may read (besides the runner program), after checking every
 * link inside them. `dir` is the skill's folder, symlinks resolved.
 */
export async function readGrants(skill: Pick<SkillRecord, 'name' | 'source'>, dir: string) {
  if (skill.source.kind !== 'store') {
    const closure = await packageClosure(dir);
    await checkLinks(closure);
    return closure;
  }
  const roots = [dir];
  for (const path of await consentedLocalPaths(dir)) {
    // The consent named a real path; if it has become a link since, it is not that folder.
    const real = await realpath(path).catch(() => undefined);
    if (real !== path) {
      throw new SkillError(
        'PATH_UNSAFE',
        `Skill "${skill.name}": its local dependency ${path} ${real === undefined ? 'no longer exists' : `now resolves to ${real}`}, not the folder consented at install; it was not started.`,
        { hint: `Install it again with --allow-local-deps and review the paths it lists.` },
      );
    }
    roots.push(path);
  }
  await checkLinks(roots, { strict: true });
  return roots;
}

async function isPackage(dir: string): Promise<boolean> {
  try {
    return (await lstat(join(dir, 'package.json'))).isFile();
  } catch {
    return false;
  }
}
