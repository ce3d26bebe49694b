import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@openclaw/skill-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillContext } from '@openclaw/skill-sdk';
import { skillRecord } from '../testing/records.js';
import type { ActiveSkill, Runner } from '../runners/types.js';
import { HostRunners, lazyRunner } from './runners.js';
import { LiveConfig, resolveSettings } from './settings.js';

const silent = { warn: () => undefined } as unknown as Logger;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runners-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function runners(runner?: Runner) {
  const settings = resolveSettings({ home: dir, userHome: dir, env: {} }, dir);
  const config = await LiveConfig.load(settings.paths.config, { runner: 'worker' });
  return new HostRunners({ settings, config, logger: silent, ...(runner && { runner }) });
}

describe('HostRunners', () => {
  it('names mcp for MCP records, inline for the built-in skill, else the configured kind', async () => {
    const r = await runners();
    const kind = (k: 'mcp' | 'builtin' | 'workspace') =>
      r.kindOf(skillRecord({ name: 's', source: { kind: k, dir, precedence: 0 } }));
    expect([kind('mcp'), kind('builtin'), kind('workspace')]).toEqual(['mcp', 'inline', 'worker']);
    expect(r.runnerFor(skillRecord({ name: 's' })).kind).toBe('worker');
  });

  it('the runner option wins for every code skill', async () => {
    const own: Runner = { kind: 'sandbox', activate: () => Promise.reject(new Error('unused')) };
    const r = await runners(own);
    expect(r.runnerFor(skillRecord({ name: 's' }))).toBe(own);
    expect(r.kindOf(skillRecord({ name: 's' }))).toBe('sandbox');
  });

  it('the same lazy runner is handed out for every skill of one kind', async () => {
    const r = await runners();
    expect(r.runnerFor(skillRecord({ name: 'a' }))).toBe(r.runnerFor(skillRecord({ name: 'b' })));
  });
});

describe('lazyRunner', () => {
  it('loads its module on the first activation only, and never before', async () => {
    let loads = 0;
    const active = { skill: 's' } as unknown as ActiveSkill;
    const lazy = lazyRunner('worker', async () => {
      loads++;
      return { kind: 'worker', activate: async () => active };
    });
    expect(loads).toBe(0);
    const ctx = {} as SkillContext;
    await lazy.activate(skillRecord({ name: 'a' }), ctx);
    expect(await lazy.activate(skillRecord({ name: 'b' }), ctx)).toBe(active);
    expect(loads).toBe(1);
  });
});
