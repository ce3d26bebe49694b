// Through the real CLI entry (run + memoryIo), a temp --home and a temp HOME: a folder grant
// is a limit only in the sandbox. For a skill that runs in a worker (a workspace skill by
// default, or any skill the config sets to `worker`), `list`, `list --json` and the install
// consent say the grant is not enforced and that the skill has full file access; a sandboxed
// skill's grants carry no such note.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
const packages: string[] = [];

const NOTE = (skill: string) =>
  `grants apply only to sandboxed skills; ${skill} runs in a worker with full file access (set skills.${skill}.runner to "sandbox" to hold it to these folders)`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-grants-runner-'));
  ws = join(root, 'ws');
  home = join(root, 'home');
  userHome = join(root, 'user');
  await mkdir(join(userHome, 'Outbox'), { recursive: true });
  await mkdir(home, { recursive: true });
  const grant = { read: ['~/Outbox'] };
  await writeFile(
    join(home, 'config.json'),
    JSON.stringify({
      skills: {
        local: { grant },
        workerish: { grant, runner: 'worker' },
        boxed: { grant },
      },
    }),
  );
  for (const skill of ['local', 'workerish', 'boxed'])
    packages.push(await writeSkillPackage({ skill, version: '1.0.0' }));
  // `local` is a workspace skill: the user's own folder, which runs in a worker by default.
  await cp(packages[0]!, join(ws, 'skills', 'local'), { recursive: true });
});
afterAll(async () => {
  for (const d of [root, ...packages]) await rm(d, { recursive: true, force: true });
});

const cli = async (...args: string[]) => {
  const io = memoryIo({
    cwd: ws,
    env: { PATH: process.env.PATH ?? '', HOME: userHome, npm_config_fetch_retries: '0' },
  });
  const code = await run([...args, '--home', home, '--workspace', ws], io);
  return { code, out: io.out, err: io.err };
};

describe('folder grants of a skill whose runner is not the sandbox', { timeout: 60_000 }, () => {
  it('install --json: the summary of a skill set to run in a worker says its grants are not enforced', async () => {
    const r = await cli('install', packages[1]!, '--yes', '--json');
    expect(r.code).toBe(0);
    const { summary } = JSON.parse(r.out) as { summary: InstallSummary };
    expect(summary.grants).toEqual({
      read: [join(userHome, 'Outbox')],
      write: [],
      unenforced: NOTE('workerish'),
    });
  });

  it('install --json: a store skill in the sandbox has its grants without a note', async () => {
    const r = await cli('install', packages[2]!, '--yes', '--json');
    expect(r.code).toBe(0);
    const { summary } = JSON.parse(r.out) as { summary: InstallSummary };
    expect(summary.grants).toEqual({ read: [join(userHome, 'Outbox')], write: [] });
  });

  it('list prints the note under a worker skill and none under the sandboxed one', async () => {
    const r = await cli('list');
    expect(r.code).toBe(0);
    const block = (name: string) => r.out.slice(r.out.indexOf(` ${name} `)).split(/\n(?! {4})/)[0]!;
    expect(block('local')).toContain(`    ! ${NOTE('local')}`);
    expect(block('workerish')).toContain(`    ! ${NOTE('workerish')}`);
    expect(block('boxed')).toContain('granted read:');
    expect(block('boxed')).not.toContain('grants apply only');
  });

  it('list --json carries the note on the entry', async () => {
    const r = await cli('list', '--json');
    const entries = JSON.parse(r.out) as Array<{ name: string; grants?: { unenforced?: string } }>;
    const by = (n: string) => entries.find((e) => e.name === n)?.grants;
    expect(by('local')?.unenforced).toBe(NOTE('local'));
    expect(by('boxed')).not.toHaveProperty('unenforced');
  });

  it('the consent screen shows the note under the granted folders', () => {
    const summary = codeSummary('workerish', {
      grants: { read: ['/home/u/Outbox'], write: [], unenforced: NOTE('workerish') },
    });
    expect(describeSummary(summary)).toContain(
      `  granted read: /home/u/Outbox\n  ! ${NOTE('workerish')}`,
    );
  });
});
