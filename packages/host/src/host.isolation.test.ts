// A code skill that throws on import, and one whose settings are invalid, are reported
// with their reason while every other skill keeps working.
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from './host.js';
import { tempDir, writeCodeSkill } from './testing/skill-folders.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function setup() {
  const root = await tempDir();
  const workspace = join(root, 'ws');
  const skills = join(workspace, 'skills');
  await writeCodeSkill(skills, 'good', { tools: ['echo'] });
  await writeCodeSkill(skills, 'crashy', {
    tools: ['run'],
    code: `throw new Error('crashy failed to start');\n`,
  });
  await writeCodeSkill(skills, 'picky', {
    tools: ['run'],
    manifest: {
      config: {
        type: 'object',
        properties: { mode: { enum: ['a', 'b'] } },
        additionalProperties: false,
      },
    },
  });
  await writeCodeSkill(skills, 'counter', {
    tools: ['bump'],
    code: `export default {
  createTools(ctx) {
    return {
      'counter.bump': async () => {
        const n = ((await ctx.storage.get('n')) ?? 0) + 1;
        await ctx.storage.set('n', n);
        return { n };
      },
    };
  },
};
`,
  });
  const open = async () => {
    const host = await createSkillHost({
      home: join(root, 'home'),
      workspace,
      userHome: join(root, 'user'),
      env: { PATH: '' },
      logger: pino({ level: 'silent' }),
      config: { skills: { picky: { config: { mode: 'c' } } } },
    });
    hosts.push(host);
    return host;
  };
  return { root, open };
}

describe('createSkillHost: one broken skill does not break the others', () => {
  it('statuses and reasons are listed before any code runs', async () => {
    const { open, root } = await setup();
    const host = await open();
    const by = Object.fromEntries(host.skills.map((s) => [s.name, s]));
    expect(by.good!.status).toBe('ready');
    // The import failure is only found when the code loads (the scan runs no code).
    expect(by.crashy!.status).toBe('ready');
    expect(by.picky!.status).toBe('ineligible');
    expect(by.picky!.problems[0]!.message).toContain(join(root, 'home', 'config.json'));
    expect(by.picky!.problems[0]!.field).toBe('/skills/picky/config/mode');
  });

  it('calls: the crashing module is SKILL_CRASHED naming its file, the ineligible one SKILL_UNAVAILABLE, the good one works', async () => {
    const { open, root } = await setup();
    const host = await open();
    const [crash, again, picky, good] = await host.callMany([
      { name: 'crashy.run', input: {} },
      { name: 'crashy_run', input: {} },
      { name: 'picky.run', input: {} },
      { name: 'good.echo', input: { x: 1 } },
    ]);
    expect(crash).toMatchObject({ isError: true, code: 'SKILL_CRASHED' });
    expect(crash!.isError && crash!.message).toContain(
      join(root, 'ws', 'skills', 'crashy', 'index.js'),
    );
    expect(crash!.isError && crash!.message).toContain('crashy failed to start');
    expect(again).toMatchObject({ isError: true, code: 'SKILL_CRASHED' });
    expect(picky).toMatchObject({ isError: true, code: 'SKILL_UNAVAILABLE' });
    expect(picky!.isError && picky!.message).toContain('/skills/picky/config/mode');
    expect(good).toMatchObject({
      isError: false,
      structured: { tool: 'good.echo', input: { x: 1 } },
    });
    // Still working after the failures.
    expect(await host.call({ name: 'good_echo', input: {} })).toMatchObject({ isError: false });
  });

  it('storage persists across host instances', async () => {
    const { open } = await setup();
    const first = await open();
    expect(await first.call({ name: 'counter.bump', input: {} })).toMatchObject({
      structured: { n: 1 },
    });
    expect(await first.call({ name: 'counter.bump', input: {} })).toMatchObject({
      structured: { n: 2 },
    });
    await first.close();
    const second = await open();
    expect(await second.call({ name: 'counter.bump', input: {} })).toMatchObject({
      structured: { n: 3 },
    });
  });

  it('a rescan after fixing the module clears the remembered failure', async () => {
    const { open, root } = await setup();
    const host = await open();
    expect(await host.call({ name: 'crashy.run', input: {} })).toMatchObject({
      code: 'SKILL_CRASHED',
    });
    // A fixed module at a new entry path (ESM caches the old URL; inline does not reload).
    await writeCodeSkill(join(root, 'ws', 'skills'), 'crashy', {
      tools: ['run'],
      manifest: { entry: 'fixed.js' },
    });
    const { rename } = await import('node:fs/promises');
    await rename(
      join(root, 'ws', 'skills', 'crashy', 'index.js'),
      join(root, 'ws', 'skills', 'crashy', 'fixed.js'),
    );
    await host.rescan();
    expect(await host.call({ name: 'crashy.run', input: {} })).toMatchObject({ isError: false });
  });
});
