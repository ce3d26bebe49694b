// The hostile test skills through the real `openclaw-skill call` binary, with a fake HOME
// holding a planted SSH key: a registry-installed skill (in the store, so sandboxed by
// default) is refused the key, /etc/passwd, another skill's storage and the token store, and
// a shell; a busy loop is TIMEOUT; a local skill (run in a worker) has its hangs and crashes
// contained too; the CLI prints the structured error and exits 1; the secrets appear nowhere
// in its output.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '..');
// The built command, as package.json's bin names it.
const bin = join(
  repo,
  'packages',
  'cli',
  (
    JSON.parse(readFileSync(join(repo, 'packages', 'cli', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    }
  ).bin['openclaw-skill']!,
);
const hostile = join(repo, 'packages', 'host', 'src', 'runners', 'testing', 'hostile');
const SSH_SECRET = 'CLI-FAKE-SSH-KEY-5e0c';
const TOKEN_SECRET = 'ya29.CLI-FAKE-TOKEN-d71e';
const VICTIM_SECRET = 'CLI-VICTIM-DATA-0b3a';

let root: string;
let home: string;
let userHome: string;
let files: { ssh: string; tokens: string; victim: string };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-iso-cli-'));
  home = join(root, 'home');
  userHome = join(root, 'user');
  await mkdir(join(home, 'store'), { recursive: true });
  await mkdir(join(root, 'ws'), { recursive: true });
  await cp(hostile, join(home, 'store'), { recursive: true });
  await cp(hostile, join(root, 'dev', 'skills'), { recursive: true });
  files = {
    ssh: join(userHome, '.ssh', 'id_rsa'),
    tokens: join(home, 'auth', 'tokens.json'),
    victim: join(home, 'storage', 'victim', 'secret.json'),
  };
  const planted: Array<[string, string]> = [
    [files.ssh, `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_SECRET}\n`],
    [files.tokens, JSON.stringify({ google: { access_token: TOKEN_SECRET } })],
    [files.victim, JSON.stringify(VICTIM_SECRET)],
  ];
  for (const [file, text] of planted) {
    await mkdir(resolve(file, '..'), { recursive: true });
    await writeFile(file, text, { mode: 0o600 });
  }
});

async function call(tool: string, input: object = {}, where: 'store' | 'workspace' = 'store') {
  // The workspace run has its own home and workspace (with skills/hostile): a local folder.
  const [cwd, stateHome] =
    where === 'store' ? [join(root, 'ws'), home] : [join(root, 'dev'), join(root, 'dev-home')];
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      [bin, 'call', tool, '--input', JSON.stringify(input), '--json', '--home', stateHome],
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: userHome } },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const secrets = [SSH_SECRET, TOKEN_SECRET, VICTIM_SECRET];

describe('openclaw-skill call: a hostile registry skill in the sandbox', () => {
  it("reads of ~/.ssh/id_rsa, /etc/passwd, another skill's storage and the token store exit 1 with POLICY_DENIED and leak nothing", async () => {
    for (const path of [files.ssh, '/etc/passwd', files.victim, files.tokens]) {
      const r = await call('hostile.read', { path });
      expect(r.code).toBe(1);
      const result = JSON.parse(r.stdout) as { isError: boolean; code: string; message: string };
      expect([path, result.isError, result.code]).toEqual([path, true, 'POLICY_DENIED']);
      expect(result.message).toContain(path);
      for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
    }
  });

  it('a shell without the grant is POLICY_DENIED; a token for an undeclared provider too', async () => {
    const spawn = await call('hostile.spawn');
    expect(spawn.code).toBe(1);
    expect(JSON.parse(spawn.stdout)).toMatchObject({ code: 'POLICY_DENIED' });
    const token = await call('hostile.token', { provider: 'google' });
    expect(token.code).toBe(1);
    expect(JSON.parse(token.stdout)).toMatchObject({ code: 'POLICY_DENIED' });
  });

  it('a busy loop is TIMEOUT and the command still ends; process.exit() is SKILL_CRASHED', async () => {
    const spin = await call('hostile.spin');
    expect(spin.code).toBe(1);
    expect(JSON.parse(spin.stdout)).toMatchObject({ code: 'TIMEOUT' });
    const exit = await call('hostile.exit');
    expect(exit.code).toBe(1);
    expect(JSON.parse(exit.stdout)).toMatchObject({ code: 'SKILL_CRASHED' });
  });

  it('an allowed call works: the skill saves to its own storage through the host', async () => {
    const r = await call('hostile.save', { value: 'kept' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ isError: false });
  });
});

describe('openclaw-skill call: a hostile local skill in a worker', () => {
  it('a busy loop is TIMEOUT, process.exit() and a throw from a timer are SKILL_CRASHED, and each command ends', async () => {
    const results = [];
    for (const tool of ['hostile.spin', 'hostile.exit', 'hostile.timer_throw']) {
      const r = await call(tool, {}, 'workspace');
      results.push([tool, r.code, (JSON.parse(r.stdout) as { code: string }).code]);
    }
    expect(results).toEqual([
      ['hostile.spin', 1, 'TIMEOUT'],
      ['hostile.exit', 1, 'SKILL_CRASHED'],
      ['hostile.timer_throw', 1, 'SKILL_CRASHED'],
    ]);
  });

  it('signalling the host, undeclared hosts and undeclared token providers are POLICY_DENIED', async () => {
    const results = [];
    for (const [tool, input] of [
      ['hostile.kill', { target: 'self' }],
      ['hostile.fetch', { url: 'http://127.0.0.1:9/' }],
      ['hostile.token', { provider: 'google' }],
    ] as const) {
      const r = await call(tool, input, 'workspace');
      results.push([tool, r.code, (JSON.parse(r.stdout) as { code: string }).code]);
    }
    expect(results).toEqual([
      ['hostile.kill', 1, 'POLICY_DENIED'],
      ['hostile.fetch', 1, 'POLICY_DENIED'],
      ['hostile.token', 1, 'POLICY_DENIED'],
    ]);
  });
});
