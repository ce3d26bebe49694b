// Fetching a git source with the system `git`, into a folder inside the store's staging area
// only. Nothing from the repository runs: hooks point at /dev/null, submodules are not
// fetched, no credential prompt can hang the install, and the user's ~/.gitconfig filters or
// fsmonitor are switched off for this command line.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';
import type { GitSource } from './source-spec.js';

const run = promisify(execFile);

/** `-c` settings every git command here runs with. */
export const GIT_SAFE_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'submodule.recurse=false',
  'protocol.ext.allow=never',
  'advice.detachedHead=false',
  'init.defaultBranch=main',
];

export interface GitRunOptions {
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

export async function git(args: string[], cwd: string, o: GitRunOptions): Promise<string> {
  const { stdout } = await run('git', [...GIT_SAFE_CONFIG.flatMap((c) => ['-c', c]), ...args], {
    cwd,
    env: { ...o.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', GIT_LFS_SKIP_SMUDGE: '1' },
    maxBuffer: 16 * 1024 * 1024,
    ...(o.signal && { signal: o.signal }),
  });
  return stdout.trim();
}

const FULL_SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;

/**
 * Checks out `src` at its ref (the remote's default branch when none) into `dir` (an empty
 * folder) and returns the commit. A branch or tag is fetched shallow; a commit id is fetched
 * by id, and when the server refuses that, from a full clone.
 */
export async function checkoutGit(src: GitSource, dir: string, o: GitRunOptions): Promise<string> {
  try {
    await git(['init', '--quiet', dir], dir, o);
    await git(['remote', 'add', 'origin', src.url], dir, o);
    const ref = src.ref ?? 'HEAD';
    try {
      await git(
        ['fetch', '--quiet', '--depth', '1', '--no-tags', '--no-recurse-submodules', 'origin', ref],
        dir,
        o,
      );
    } catch (e) {
      if (!FULL_SHA.test(ref) && !/^[0-9a-f]{7,}$/.test(ref)) throw e;
      // A short commit id, or a server that refuses fetching by id: all history, then pick it.
      await git(['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', 'origin'], dir, o);
      await git(['checkout', '--quiet', '--detach', ref], dir, o);
      return await git(['rev-parse', 'HEAD'], dir, o);
    }
    await git(['checkout', '--quiet', '--detach', 'FETCH_HEAD'], dir, o);
    return await git(['rev-parse', 'HEAD'], dir, o);
  } catch (e) {
    throw gitError(src, e);
  }
}

function gitError(src: GitSource, e: unknown): SkillError {
  const err = e as NodeJS.ErrnoException & { stderr?: string };
  if (err.code === 'ENOENT') {
    return new SkillError(
      'INSTALL_FAILED',
      'Installing from git needs the `git` command, which is not on PATH.',
      {
        cause: e,
        hint: 'Install git, or install the skill from a folder or archive.',
      },
    );
  }
  const said = (err.stderr ?? err.message ?? '').trim().split('\n').filter(Boolean).pop() ?? '';
  // A URL may carry a token (https://user:token@host): it is never repeated.
  const where = src.url.replace(/\/\/[^/@]*@/, '//');
  return new SkillError(
    'INSTALL_FAILED',
    `git could not fetch ${where}${src.ref ? ` at ${src.ref}` : ''}: ${said.replace(/\/\/[^/@\s]*@/g, '//')}`,
    {
      // No cause: git's own error repeats the command line, URL (and any token) included.
      hint: 'Check the repository URL and the #ref (a branch, tag or commit), and that `git ls-remote <url>` works here.',
    },
  );
}
