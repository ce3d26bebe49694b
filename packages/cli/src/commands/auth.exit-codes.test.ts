// The auth commands follow the CLI's exit-code rule: nothing to act on, or a name that matches
// nothing, is a user error (1, one line); a command line that must say more is bad usage (2).
// A real OAuth server and a file store in a temp home (auth.fixtures.ts); no keychain.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authCliEnv, type AuthCliEnv } from './auth.fixtures.js';

let env: AuthCliEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const lines = (s: string) => s.trimEnd().split('\n');

describe('openclaw-skill auth logout with no grant', () => {
  it('exits 1 with one line saying there is nothing to log out and a hint naming auth status', async () => {
    env = await authCliEnv();
    const r = await env.cli(['auth', 'logout', 'mail']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(lines(r.err).filter((l) => !l.startsWith('warning:'))).toEqual([
      'openclaw-skill: Nothing to log out: no grant for "mail".',
      '  hint: openclaw-skill auth status lists the grants.',
    ]);
    expect(env.oauth.revocations).toHaveLength(0);
  });

  it('with --json exits 1 too, printing the error object with the hint the text shows', async () => {
    env = await authCliEnv();
    const r = await env.cli(['auth', 'logout', 'mail', '--provider', 'google', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: 'Nothing to log out: no grant for "mail" with google.',
        hint: 'openclaw-skill auth status lists the grants.',
      },
    });
  });
});

describe('openclaw-skill auth login of something that is not there', () => {
  it('a provider key the skill does not have exits 1 naming the ones it has', async () => {
    env = await authCliEnv();
    const r = await env.cli(['auth', 'login', 'mail', '--provider', 'github', '--no-browser']);
    expect(r.code).toBe(1);
    expect(lines(r.err).at(-1)).toBe(
      'openclaw-skill: Skill "mail" has no OAuth provider "github" (it has: google).',
    );
  });

  it('a skill that declares no OAuth provider exits 1: there is nothing to log in to', async () => {
    env = await authCliEnv();
    const notes = join(env.ws, 'skills', 'notes');
    await mkdir(notes, { recursive: true });
    await writeFile(join(notes, 'SKILL.md'), '---\nname: notes\ndescription: Notes.\n---\n');
    const r = await env.cli(['auth', 'login', 'notes', '--no-browser']);
    expect(r.code).toBe(1);
    expect(lines(r.err).at(-1)).toBe(
      'openclaw-skill: Skill "notes" declares no OAuth provider in its manifest.json; nothing to log in to.',
    );
  });
});

describe('openclaw-skill auth set-key with an empty value', () => {
  it('exits 1 (the value is the problem, not the command line), naming the variable', async () => {
    env = await authCliEnv();
    const r = await env.cli(['auth', 'set-key', 'mail', 'MAIL_API_KEY', '--from-env', 'EMPTY'], {
      env: { EMPTY: '' },
    });
    expect(r.code).toBe(1);
    expect(lines(r.err).at(-1)).toBe('openclaw-skill: EMPTY is empty or not set.');
  });
});
