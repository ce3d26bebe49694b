// A skill installed with host.install (into the per-version store) runs in the sandbox by
// default: its own process, and the planted SSH key in the user's home is out of reach.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';

const repo = resolve(import.meta.dirname, '..');
const hostile = join(repo, 'packages', 'host', 'src', 'runners', 'testing', 'hostile', 'hostile');
const SSH_SECRET = 'INSTALLED-FAKE-SSH-KEY-a4c2';
let root: string;
let host: SkillHost;
/** The host's log, kept out of the test output and checked. */
const logs: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-iso-installed-'));
  const pkg = join(root, 'pkg');
  await cp(hostile, pkg, { recursive: true });
  await mkdir(join(root, 'user', '.ssh'), { recursive: true });
  await writeFile(join(root, 'user', '.ssh', 'id_rsa'), SSH_SECRET, { mode: 0o600 });
  host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: {},
    hostTools: false,
    logger: pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, cb) {
          logs.push(String(chunk));
          cb();
        },
      }),
    ),
  });
  // A tarball, as a registry serves it.
  const { stdout } = await promisify(execFile)('npm', ['pack', '--pack-destination', root], {
    cwd: pkg,
  });
  await host.install(join(root, stdout.trim().split('\n').pop()!), { yes: true });
});
afterAll(() => host?.close());

describe('an installed skill', () => {
  it('runs in its own process and is denied the user SSH key, which the host logs as a warning without the key', async () => {
    const who = await host.call({ name: 'hostile.whoami', input: {} });
    expect(who.isError ? who.code : (who.structured as { pid: number }).pid).not.toBe(process.pid);
    const r = await host.call({
      name: 'hostile.read',
      input: { path: join(root, 'user', '.ssh', 'id_rsa') },
    });
    expect(r.isError && r.code).toBe('POLICY_DENIED');
    expect(JSON.stringify(r)).not.toContain(SSH_SECRET);
    const denied = logs.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(denied).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringContaining(`denied reading ${join(root, 'user', '.ssh', 'id_rsa')}`),
      }),
    );
    expect(logs.join('')).not.toContain(SSH_SECRET);
  });
});
