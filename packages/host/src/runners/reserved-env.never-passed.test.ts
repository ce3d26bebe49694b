// Defence in depth for env names the host keeps for itself: even for a record whose manifest
// declares them (one that slipped past the scan), a worker's or sandbox's process.env never
// holds OPENCLAW_*, NODE_OPTIONS and the like, although the host's env has them; and
// ctx.secrets refuses them, whatever the manifest says.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import { createSkillSecrets } from '../context/secrets.js';
import { skillRecord } from '../testing/records.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { createSandboxRunner } from './sandbox.js';
import type { ActiveSkill, Runner } from './types.js';
import { createWorkerRunner } from './worker.js';

const HOST_ENV = {
  PATH: process.env.PATH ?? '',
  ALLOWED_NAME: 'visible-value',
  OPENCLAW_GOOGLE_CLIENT_SECRET: 'client-secret-5b1e',
  OPENCLAW_SKILLS_HOME: '/secret/home-path-9d',
  NODE_OPTIONS: '--require /tmp/evil-9f.js',
  npm_config__authToken: 'npm-token-77c0',
};
const DECLARED = Object.keys(HOST_ENV).filter((n) => n !== 'PATH');
const code = `export default { createTools() {
  return { 'greedy.env': () => ({ ...process.env }) };
} };`;

const actives: ActiveSkill[] = [];
afterEach(async () => {
  await Promise.all(actives.splice(0).map((a) => a.dispose()));
});

async function activate(runner: Runner) {
  const dir = await writeCodeSkill(await tempDir(), 'greedy', { tools: ['env'], code });
  const record = skillRecord({
    name: 'greedy',
    dir,
    entry: join(dir, 'index.js'),
    tools: ['greedy.env'],
    manifest: {
      manifestVersion: 1,
      name: 'greedy',
      description: 'd',
      permissions: { env: DECLARED },
    } as never,
  });
  const active = await runner.activate(record, createTestContext({ name: 'greedy' }));
  actives.push(active);
  return active;
}

const call = { signal: new AbortController().signal, callId: 'c1' };

describe.each([
  ['worker', () => createWorkerRunner({ env: HOST_ENV })],
  ['sandbox', () => createSandboxRunner({ env: HOST_ENV })],
] as const)('%s runner, a manifest declaring host-reserved names', (_kind, make) => {
  it("process.env holds the declared name of the skill's own, never OPENCLAW_*, NODE_OPTIONS or npm_config_*", async () => {
    const active = await activate(make());
    const env = (await active.invoke('greedy.env', {}, call)) as Record<string, string>;
    expect(env.ALLOWED_NAME).toBe('visible-value');
    for (const name of [
      'OPENCLAW_GOOGLE_CLIENT_SECRET',
      'OPENCLAW_SKILLS_HOME',
      'NODE_OPTIONS',
      'npm_config__authToken',
    ])
      expect([name, env[name]]).toEqual([name, undefined]);
    const text = JSON.stringify(env);
    for (const value of ['client-secret-5b1e', 'home-path-9d', 'evil-9f', 'npm-token-77c0'])
      expect(text).not.toContain(value);
  });
});

describe('ctx.secrets and host-reserved names', () => {
  it('get() of a declared OPENCLAW_* name is POLICY_DENIED, and the value is not in the error', async () => {
    const secrets = createSkillSecrets(
      { name: 'greedy', manifest: { permissions: { env: DECLARED } } as never },
      undefined,
      HOST_ENV,
    );
    expect(await secrets.get('ALLOWED_NAME')).toBe('visible-value');
    const e = await secrets.get('OPENCLAW_GOOGLE_CLIENT_SECRET').then(
      () => undefined,
      (err: unknown) => err as { code: string; message: string },
    );
    expect(e?.code).toBe('POLICY_DENIED');
    expect(e?.message).toContain('which the host keeps for itself');
    expect(JSON.stringify(e)).not.toContain('client-secret-5b1e');
  });
});
