// Through the real CLI entry (run + memoryIo), a temp --home and a temp HOME: folders the host
// config grants a skill (`skills.<name>.grant`) are in the install summary, on the consent
// screen, and in `list` (text and --json), with `~` expanded to the user's home.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallSummary } from '@openclaw/skill-host';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { describeSummary } from './install-io.js';
import { codeSummary } from './install-summary.fixtures.js';

let root: string;
let ws: string;
let home: string;
let userHome: string;
let pkg: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-grants-'));
  ws = join(root, 'ws');
  home = join(root, 'home');
  userHome = join(root, 'user');
  await mkdir(join(userHome, 'Outbox'), { recursive: true });
  await mkdir(join(root, 'shared'), { recursive: true });
  await mkdir(ws);
  await mkdir(home);
  await writeFile(
    join(home, 'config.json'),
    JSON.stringify({
      skills: { mailer: { grant: { read: ['~/Outbox'], write: [join(root, 'shared')] } } },
    }),
  );
  pkg = await writeSkillPackage({ skill: 'mailer', version: '1.0.0' });
});
afterAll(async () => {
  for (const d of [root, pkg]) if (d) await rm(d, { recursive: true, force: true });
});

const cli = async (...args: string[]) => {
  const io = memoryIo({
    cwd: ws,
    env: { PATH: process.env.PATH ?? '', HOME: userHome, npm_config_fetch_retries: '0' },
  });
  const code = await run([...args, '--home', home, '--workspace', ws], io);
  return { code, out: io.out, err: io.err };
};

describe('folders granted in the host config', { timeout: 60_000 }, () => {
  it('install --json carries the granted folders in its summary, ~ expanded', async () => {
    const r = await cli('install', pkg, '--yes', '--json', '--registry', 'http://127.0.0.1:9/');
    expect(r.code).toBe(0);
    const { summary } = JSON.parse(r.out) as { summary: InstallSummary };
    expect(summary.grants).toEqual({
      read: [join(userHome, 'Outbox')],
      write: [join(root, 'shared')],
    });
  });

  it('list --json shows the grants on the skill entry', async () => {
    const r = await cli('list', '--json');
    expect(r.code).toBe(0);
    const mailer = (JSON.parse(r.out) as Array<{ name: string; grants?: unknown }>).find(
      (e) => e.name === 'mailer',
    );
    expect(mailer?.grants).toEqual({
      read: [join(userHome, 'Outbox')],
      write: [join(root, 'shared')],
    });
  });

  it('list prints one line per kind of grant under the skill', async () => {
    const r = await cli('list');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `    granted read: ${join(userHome, 'Outbox')}\n    granted write: ${join(root, 'shared')}\n`,
    );
  });

  it('the consent screen names the folders the skill will be able to read and write', () => {
    const summary = codeSummary('mailer', {
      grants: { read: ['/home/u/Outbox'], write: [] },
    });
    expect(describeSummary(summary)).toContain(
      '  ! the host config grants it these folders:\n  granted read: /home/u/Outbox\n',
    );
  });
});
