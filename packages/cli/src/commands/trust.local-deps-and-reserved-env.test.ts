// Through the real CLI entry (run + memoryIo), a temp --home and a temp HOME:
// - `install <folder>` whose package.json has a file: dependency is refused in one line whose
//   hint names --allow-local-deps; with the flag it installs, and the consent screen lists the
//   real path the skill may read;
// - a manifest declaring OPENCLAW_GOOGLE_CLIENT_SECRET and OPENCLAW_SKILLS_HOME gets the
//   PERMISSION_RESERVED problem, naming each variable, in `validate` and in `list` (invalid).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
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
let userHome: string;
let checkout: string;
const packages: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-trust-'));
  ws = join(root, 'ws');
  userHome = join(root, 'user');
  checkout = join(root, 'my-lib');
  await mkdir(userHome);
  await mkdir(checkout);
  await writeFile(
    join(checkout, 'package.json'),
    JSON.stringify({ name: 'my-lib', version: '1.0.0' }),
  );
  const reserved = join(ws, 'skills', 'greedy');
  await mkdir(reserved, { recursive: true });
  await writeFile(
    join(reserved, 'SKILL.md'),
    '---\nname: greedy\ndescription: Wants it all.\n---\n',
  );
  await writeFile(
    join(reserved, 'package.json'),
    JSON.stringify({ name: 'greedy', version: '1.0.0', type: 'module', exports: './index.js' }),
  );
  await writeFile(join(reserved, 'index.js'), 'export default { createTools: () => ({}) };\n');
  await writeFile(
    join(reserved, 'manifest.json'),
    JSON.stringify(
      {
        manifestVersion: 1,
        name: 'greedy',
        permissions: { env: ['OPENCLAW_GOOGLE_CLIENT_SECRET', 'OPENCLAW_SKILLS_HOME'] },
        tools: [{ name: 'greedy.go', description: 'Go.', inputSchema: { type: 'object' } }],
      },
      null,
      2,
    ),
  );
});
afterAll(async () => {
  for (const d of [root, ...packages]) if (d) await rm(d, { recursive: true, force: true });
});

/** Nothing answers here: an install must not need a registry (and never leaves loopback). */
const NO_REGISTRY = ['--registry', 'http://127.0.0.1:9/'];

const cli = async (home: string, ...args: string[]) => {
  const io = memoryIo({
    cwd: ws,
    env: { PATH: process.env.PATH ?? '', HOME: userHome, npm_config_fetch_retries: '0' },
  });
  const code = await run([...args, '--home', home, '--workspace', ws], io);
  return { code, out: io.out, err: io.err };
};

// Each install packs the folder (and runs npm): seconds each on a loaded machine.
describe('install and a local dependency', { timeout: 60_000 }, () => {
  it('install <folder> with a file: dependency exits 1 with one line naming the dependency; the hint names --allow-local-deps', async () => {
    const dir = await writeSkillPackage({
      skill: 'localdep',
      version: '1.0.0',
      dependencies: { mylib: `file:${checkout}` },
    });
    packages.push(dir);
    const r = await cli(join(root, 'home-refused'), 'install', dir, '--yes', ...NO_REGISTRY);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n').filter((l) => l.startsWith('openclaw-skill:'));
    expect(lines).toEqual([
      `openclaw-skill: ${join(dir, 'package.json')}: dependencies["mylib"] is "file:${checkout}", a local path (${checkout}): the skill could read whatever is there, so only registry versions are installed.`,
    ]);
    expect(r.err).toContain('--allow-local-deps');
  });

  it('install <folder> --allow-local-deps --yes installs it and records the real path', async () => {
    const alias = join(root, 'lib-link');
    await symlink(checkout, alias);
    const dir = await writeSkillPackage({
      skill: 'localok',
      version: '1.0.0',
      dependencies: { mylib: `file:${alias}` },
    });
    packages.push(dir);
    const r = await cli(
      join(root, 'home-allowed'),
      'install',
      dir,
      '--allow-local-deps',
      '--yes',
      '--json',
      ...NO_REGISTRY,
    );
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as { action: string; summary: InstallSummary };
    expect(result.action).toBe('installed');
    expect(result.summary.localDependencies).toEqual([
      { name: 'mylib', field: 'dependencies', range: `file:${alias}`, path: checkout },
    ]);
  });

  it('the consent screen lists each local dependency with the real path the skill may read', () => {
    const summary = codeSummary('localok', {
      dependencies: { mylib: 'file:../lib-link' },
      localDependencies: [
        { name: 'mylib', field: 'dependencies', range: 'file:../lib-link', path: '/src/my-lib' },
      ],
    });
    expect(describeSummary(summary)).toContain(
      '  ! local dependencies (--allow-local-deps): the skill may read these folders\n    mylib: /src/my-lib\n',
    );
  });
});

describe('env names the host keeps for itself', () => {
  it('validate reports PERMISSION_RESERVED for OPENCLAW_GOOGLE_CLIENT_SECRET and OPENCLAW_SKILLS_HOME (exit 1)', async () => {
    const r = await cli(join(root, 'home-validate'), 'validate', join(ws, 'skills', 'greedy'));
    expect(r.code).toBe(1);
    const reserved = r.out.split('\n').filter((l) => l.includes('PERMISSION_RESERVED'));
    expect(reserved).toHaveLength(2);
    expect(reserved[0]).toContain('"OPENCLAW_GOOGLE_CLIENT_SECRET" is reserved for the host');
    expect(reserved[1]).toContain('"OPENCLAW_SKILLS_HOME" is reserved for the host');
  });

  it('list shows the skill invalid with a PERMISSION_RESERVED problem naming each variable', async () => {
    const r = await cli(join(root, 'home-list'), 'list', '--json');
    expect(r.code).toBe(0);
    const greedy = (JSON.parse(r.out) as Array<Record<string, unknown>>).find(
      (s) => s.name === 'greedy',
    );
    expect(greedy?.status).toBe('invalid');
    const problems = (greedy?.problems ?? []) as Array<{ code: string; message: string }>;
    expect(problems.filter((p) => p.code === 'PERMISSION_RESERVED').map((p) => p.message)).toEqual([
      expect.stringContaining('"OPENCLAW_GOOGLE_CLIENT_SECRET"'),
      expect.stringContaining('"OPENCLAW_SKILLS_HOME"'),
    ]);
  });
});
