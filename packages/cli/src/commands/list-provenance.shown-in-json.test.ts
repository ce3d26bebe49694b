// Through the real CLI entry (run + memoryIo), a temp --home and a temp HOME: the provenance a
// registry install verified, as its lockfile entry records it, is on the skill in `list --json`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let root: string;
let ws: string;
let home: string;
let pkg: string;
const provenance = {
  status: 'verified',
  predicateType: 'https://slsa.dev/provenance/v1',
  sourceRepository: 'https://github.com/acme/oc-skill-built',
  commit: '0123456789abcdef0123456789abcdef01234567',
  workflow: '.github/workflows/publish.yml@refs/heads/main',
  builder: 'https://github.com/actions/runner/github-hosted',
};

const cli = async (...args: string[]) => {
  const io = memoryIo({
    cwd: ws,
    env: { PATH: process.env.PATH ?? '', HOME: join(root, 'user'), npm_config_fetch_retries: '0' },
  });
  const code = await run([...args, '--home', home, '--workspace', ws], io);
  return { code, out: io.out };
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-provenance-'));
  ws = join(root, 'ws');
  home = join(root, 'home');
  await mkdir(ws);
  await mkdir(join(root, 'user'));
  pkg = await writeSkillPackage({ skill: 'built', version: '1.0.0' });
  expect((await cli('install', pkg, '--yes', '--registry', 'http://127.0.0.1:9/')).code).toBe(0);
  // What a registry install with a verified attestation writes (the installer copies
  // summary.provenance into the entry); a local folder has none of its own.
  const file = join(home, 'skills.lock.json');
  const lock = JSON.parse(await readFile(file, 'utf8')) as {
    skills: Record<string, Record<string, unknown>>;
  };
  lock.skills.built!.provenance = provenance;
  await writeFile(file, JSON.stringify(lock, null, 2));
}, 60_000);
afterAll(async () => {
  for (const d of [root, pkg]) if (d) await rm(d, { recursive: true, force: true });
});

describe('list --json and provenance', () => {
  it('shows the source repository, commit, workflow and builder recorded at install on the store skill', async () => {
    const r = await cli('list', '--json');
    expect(r.code).toBe(0);
    const built = (JSON.parse(r.out) as Array<{ name: string; provenance?: unknown }>).find(
      (e) => e.name === 'built',
    );
    expect(built?.provenance).toEqual(provenance);
  });
});
