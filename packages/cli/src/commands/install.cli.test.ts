// install, update, rollback and remove through the real CLI entry (run + memoryIo) against a
// real registry (verdaccio on loopback) and a temp --home: exit codes, one-line errors,
// --json results, consent refused without a terminal.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let registry: TestRegistry;
let root: string;
let home: string;

beforeAll(async () => {
  registry = await startRegistry();
  root = await mkdtemp(join(tmpdir(), 'oc-cli-install-'));
  home = join(root, 'home');
  for (const version of ['1.0.0', '1.1.0']) {
    await registry.publish(await writeSkillPackage({ skill: 'counter', version }));
  }
});
afterAll(async () => {
  await registry?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const cli = async (...args: string[]) => {
  const io = memoryIo({ env: { PATH: process.env.PATH ?? '', ...registry.env }, cwd: root });
  const code = await run([...args, '--home', home, '--workspace', root], io);
  return { code, out: io.out, err: io.err };
};

describe('install commands', () => {
  it('without a terminal and without --yes, install refuses in one line naming --yes (exit 1)', async () => {
    const r = await cli('install', 'oc-skill-counter@1.0.0', '--registry', registry.url);
    expect(r.code).toBe(1);
    expect(r.err.split('\n').filter((l) => l.startsWith('openclaw-skill:'))).toEqual([
      'openclaw-skill: Installing counter@1.0.0 needs consent and there is no terminal to ask: pass --yes to accept; nothing was installed.',
    ]);
    expect(r.out).toBe('');
  });

  it('install --yes --json prints the result, progress goes to stderr', async () => {
    const r = await cli(
      'install',
      'oc-skill-counter@1.0.0',
      '--registry',
      registry.url,
      '--yes',
      '--json',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      action: 'installed',
      name: 'counter',
      version: '1.0.0',
      tools: ['counter.version'],
    });
    expect(r.err).toContain('fetch oc-skill-counter@1.0.0');
  });

  it('update, rollback and remove print one line each', async () => {
    expect(await cli('update', 'counter', '--yes')).toMatchObject({
      code: 0,
      out: 'updated counter@1.1.0 (was 1.0.0) (counter.version)\n',
    });
    expect(await cli('rollback', 'counter')).toMatchObject({
      code: 0,
      out: 'rolled-back counter@1.0.0 (was 1.1.0) (counter.version)\n',
    });
    expect(await cli('remove', 'counter')).toMatchObject({
      code: 0,
      out: 'removed counter@1.0.0\n',
    });
    const again = await cli('remove', 'counter');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      /^openclaw-skill: counter is not installed from npm in this home\.\n/,
    );
  });

  it('bad usage exits 2: --frozen with a spec, install without one', async () => {
    expect((await cli('install', 'x', '--frozen')).code).toBe(2);
    expect((await cli('install')).code).toBe(2);
  });
});
