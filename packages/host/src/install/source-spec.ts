// Install sources besides npm packages: where a spec points, as plain data. A SKILL.md
// folder, a .tgz or .zip of one, or a git repository (with a ref, a path inside it and the
// skill to take from it). Pure: the file system is asked only whether a local path is a
// folder, a zip, or a package npm packs itself (has package.json).
//
// Spec forms:
//   ./skills/pdf, /abs/dir, file:dir          a folder holding SKILL.md (no package.json)
//   pdf.zip, pdf.tgz, file:pdf.zip            an archive of one
//   github:owner/repo[/path][#ref]            GitHub, as npm spells it
//   owner/repo[/path][#ref]                   GitHub, as the `skills` CLI takes it
//   https://host/repo.git, git+https://…, git+ssh://…, git+file:///…, git://…
// and after any git `#ref` (or alone after `#`): `::path:<dir>` and `::skill:<name>`.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';

export type SourceType = 'registry' | 'tarball' | 'folder' | 'git' | 'zip';

export interface GitSource {
  type: 'git';
  /** What `git clone` is given. */
  url: string;
  ref?: string;
  /** A folder inside the repository to look for skills in. */
  path?: string;
  /** The skill to take when the repository (or path) holds several. */
  skill?: string;
}

export interface LocalSource {
  type: 'folder' | 'zip' | 'tarball';
  /** Absolute path of the folder or archive. */
  file: string;
  skill?: string;
  path?: string;
}

export type WildSource = GitSource | LocalSource;

const GIT_URL = /^(git\+(https?|ssh|file):\/\/|git:\/\/|ssh:\/\/|https?:\/\/.+\.git(?:[#/]|$))/;
const SHORTHAND = /^([A-Za-z0-9][\w.-]*)\/([\w.-]+)((?:\/[\w.-]+)*)$/;

/** Splits `#ref::path:x::skill:y` off a spec. */
function splitFragment(spec: string): {
  base: string;
  ref?: string;
  path?: string;
  skill?: string;
} {
  const hash = spec.indexOf('#');
  const [base, fragment] = hash < 0 ? [spec, ''] : [spec.slice(0, hash), spec.slice(hash + 1)];
  const parts = fragment.split('::');
  const out: { base: string; ref?: string; path?: string; skill?: string } = { base };
  if (parts[0]) out.ref = parts[0];
  for (const p of parts.slice(1)) {
    const [key, ...rest] = p.split(':');
    const value = rest.join(':');
    if ((key === 'path' || key === 'skill') && value) out[key] = value;
    else
      throw new SkillError(
        'USAGE',
        `"${spec}": "::${p}" is neither ::path:<dir> nor ::skill:<name>.`,
        {
          hint: 'Write the spec as <source>#<ref>::path:<dir>::skill:<name> (each part optional).',
        },
      );
  }
  return out;
}

const cleanPath = (p: string | undefined): string | undefined => {
  if (p === undefined) return undefined;
  const parts = p.split('/').filter((s) => s !== '' && s !== '.');
  if (parts.some((s) => s === '..')) {
    throw new SkillError('PATH_UNSAFE', `The path "${p}" inside the source leaves it ("..").`, {
      hint: 'Name a folder inside the repository, like skills/pdf.',
    });
  }
  return parts.length ? parts.join('/') : undefined;
};

const withParts = <T extends object>(
  src: T,
  f: { ref?: string; path?: string; skill?: string },
): T => ({
  ...src,
  ...(f.ref !== undefined && 'url' in src && { ref: f.ref }),
  ...(cleanPath(f.path) !== undefined && { path: cleanPath(f.path) }),
  ...(f.skill !== undefined && { skill: f.skill }),
});

/** A git spec, or undefined when the spec is not one. */
export function parseGitSpec(spec: string): GitSource | undefined {
  const f = splitFragment(spec.trim());
  const base = f.base;
  if (base.startsWith('github:')) {
    const m = SHORTHAND.exec(base.slice('github:'.length));
    if (!m) return undefined;
    return githubSource(m, f);
  }
  if (GIT_URL.test(base)) {
    const url = base.replace(/^git\+/, '');
    return withParts<GitSource>({ type: 'git', url }, f);
  }
  // owner/repo[/path]: never a scoped npm name (those start with @) nor a local path.
  if (!base.startsWith('.') && !base.startsWith('@') && !base.includes(':')) {
    const m = SHORTHAND.exec(base);
    if (m && !existsSync(base)) return githubSource(m, f);
  }
  return undefined;
}

function githubSource(
  m: RegExpExecArray,
  f: { ref?: string; path?: string; skill?: string },
): GitSource {
  const repo = m[2]!.replace(/\.git$/, '');
  const sub = m[3] ? m[3].slice(1) : undefined;
  return withParts<GitSource>(
    { type: 'git', url: `https://github.com/${m[1]}/${repo}.git` },
    { ...f, ...(sub !== undefined && f.path === undefined && { path: sub }) },
  );
}

const isFolder = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Where a spec points when it is not an npm package: undefined for registry specs, npm
 * tarballs and folders with package.json (those stay with npm's own fetcher).
 */
export function parseSourceSpec(spec: string, cwd: string): WildSource | undefined {
  const git = parseGitSpec(spec);
  if (git) return git;
  const f = splitFragment(spec.trim());
  let path = f.base.startsWith('file:') ? f.base.slice(5) : f.base;
  if (path.startsWith('~/')) path = join(process.env.HOME ?? '~', path.slice(2));
  const local =
    f.base.startsWith('file:') ||
    path.startsWith('.') ||
    isAbsolute(path) ||
    /\.(zip|tgz|tar\.gz|tar)$/.test(path);
  if (!local) return undefined;
  const file = resolve(cwd, path);
  const parts = {
    ...(f.skill && { skill: f.skill }),
    ...(cleanPath(f.path) && { path: cleanPath(f.path) }),
  };
  if (/\.zip$/i.test(file)) return { type: 'zip', file, ...parts };
  if (/\.(tgz|tar\.gz|tar)$/.test(file)) {
    return existsSync(file) ? { type: 'tarball', file, ...parts } : undefined;
  }
  if (isFolder(file) && !existsSync(join(file, 'package.json'))) {
    return { type: 'folder', file, ...parts };
  }
  return undefined;
}

/** The spec again, with the parts that pick one skill (what the lockfile keeps). */
export function formatSourceSpec(
  src: WildSource,
  o: { ref?: string; skillPath?: string } = {},
): string {
  const ref = o.ref ?? (src.type === 'git' ? src.ref : undefined);
  const base =
    src.type !== 'git'
      ? `file:${src.file}`
      : src.url.startsWith('git://')
        ? src.url
        : `git+${src.url}`;
  const path = o.skillPath ?? src.path;
  const suffix = `${path ? `::path:${path}` : ''}`;
  if (!ref && !suffix) return base;
  return `${base}#${ref ?? ''}${suffix}`;
}
