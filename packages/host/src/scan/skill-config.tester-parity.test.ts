// createTester (the SDK's harness for skill authors) and a real host share one config
// implementation: the same skill folder, with the same settings, must get the same ctx.config
// from both, and settings the host refuses must be refused by the tester with the same code
// and message (only the named source differs: the host's config file, or createTester).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SkillDefinition, ToolMap } from '@openclaw/skill-sdk';
import { createTester } from '@openclaw/skill-sdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

const configSchema = {
  type: 'object',
  properties: {
    greeting: { type: 'string', default: 'Hello' },
    units: { enum: ['metric', 'imperial'], default: 'metric' },
    limits: {
      type: 'object',
      properties: { days: { type: 'integer', default: 3 } },
      default: {},
    },
  },
  additionalProperties: false,
};

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function both(settings: Record<string, unknown> | undefined) {
  const root = await tempDir();
  const ws = join(root, 'ws');
  const dir = await writeCodeSkill(join(ws, 'skills'), 'greet', {
    manifest: { config: configSchema },
  });
  const host = await createSkillHost({
    workspace: ws,
    home: join(root, 'home'),
    userHome: join(root, 'user'),
    env: { OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
    hostTools: false,
    config: { runner: 'inline', ...(settings && { skills: { greet: { config: settings } } }) },
  });
  hosts.push(host);
  const viaHost = await host.call({ name: 'greet.echo', input: {} });
  const mod = (await import(pathToFileURL(join(dir, 'index.js')).href)) as {
    default: SkillDefinition<Record<string, unknown>, ToolMap>;
  };
  const tester = await createTester(mod.default, {
    manifest: join(dir, 'manifest.json'),
    ...(settings && { config: settings }),
  });
  const viaTester = await tester.run('greet.echo', {}).then(
    (value) => ({ ok: true as const, value }),
    (error: { code: string; message: string }) => ({ ok: false as const, error }),
  );
  return { viaHost, viaTester, configFile: join(root, 'home', 'config.json') };
}

describe('skill config: createTester gives what the host gives', () => {
  it('no settings: both give the manifest defaults, nested object defaults included', async () => {
    const { viaHost, viaTester } = await both(undefined);
    const expected = { greeting: 'Hello', units: 'metric', limits: { days: 3 } };
    expect(viaHost).toMatchObject({ isError: false, structured: { config: expected } });
    expect(viaTester).toEqual({ ok: true, value: expect.objectContaining({ config: expected }) });
  });

  it('partial settings: both keep the given value and fill in the other defaults', async () => {
    const { viaHost, viaTester } = await both({ units: 'imperial' });
    const expected = { greeting: 'Hello', units: 'imperial', limits: { days: 3 } };
    expect(viaHost).toMatchObject({ isError: false, structured: { config: expected } });
    expect(viaTester).toEqual({ ok: true, value: expect.objectContaining({ config: expected }) });
  });

  it('settings outside the schema: both refuse with SKILL_UNAVAILABLE and the same message but the source', async () => {
    const { viaHost, viaTester } = await both({ units: 'kelvin' });
    expect(viaHost.isError).toBe(true);
    if (!viaHost.isError || viaTester.ok) throw new Error('expected both to refuse');
    expect(viaHost.code).toBe('SKILL_UNAVAILABLE');
    expect(viaTester.error.code).toBe('SKILL_UNAVAILABLE');
    expect(viaHost.message).toContain(
      '/skills/greet/config/units must be one of "metric", "imperial"',
    );
    const hostFile = viaHost.message.match(/ineligible: (.*?): \/skills/)?.[1];
    expect(hostFile).toBeDefined();
    expect(viaTester.error.message).toBe(
      viaHost.message.replace(hostFile!, 'createTester({ config })'),
    );
  });
});
