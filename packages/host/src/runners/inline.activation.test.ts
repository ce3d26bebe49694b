import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import type { SkillRecord } from '../catalog/types.js';
import { skillRecord } from '../testing/records.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { createInlineRunner } from './inline.js';

async function record(code?: string, name = 'demo'): Promise<SkillRecord> {
  const dir = await writeCodeSkill(await tempDir(), name, {
    tools: ['echo'],
    ...(code !== undefined && { code }),
  });
  return skillRecord({ name, dir, entry: join(dir, 'index.js'), tools: [`${name}.echo`] });
}

const call = () => ({ signal: new AbortController().signal, callId: 'c1' });

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as SkillError;
  }
  throw new Error('expected a rejection');
};

describe('inline runner', () => {
  it('imports the entry, calls createTools with the context and invokes handlers', async () => {
    const r = await record();
    const active = await createInlineRunner().activate(
      r,
      createTestContext({ name: 'demo', config: { k: 1 } }),
    );
    expect(active.skill).toBe('demo');
    expect(await active.invoke('demo.echo', { hi: 1 }, call())).toEqual({
      tool: 'demo.echo',
      input: { hi: 1 },
      config: { k: 1 },
    });
  });

  it('a tool the module does not return is TOOL_NOT_FOUND; a throwing handler rejects with its error', async () => {
    const r = await record(
      `export default { createTools() { return { 'demo.echo': () => { throw new Error('boom'); } }; } };`,
    );
    const active = await createInlineRunner().activate(r, createTestContext());
    await expect(active.invoke('demo.other', {}, call())).rejects.toMatchObject({
      code: 'TOOL_NOT_FOUND',
    });
    await expect(active.invoke('demo.echo', {}, call())).rejects.toThrow('boom');
  });

  it('a module that throws on import is SKILL_CRASHED naming the entry and the reason', async () => {
    const r = await record(`throw new Error('cannot start: missing native addon');\n`);
    const e = await failure(createInlineRunner().activate(r, createTestContext()));
    expect(e).toBeInstanceOf(SkillError);
    expect(e.code).toBe('SKILL_CRASHED');
    expect(e.message).toContain(r.entry!);
    expect(e.message).toContain('cannot start: missing native addon');
  });

  it('a syntax error in the module is SKILL_CRASHED', async () => {
    const r = await record(`export default {{;\n`);
    expect((await failure(createInlineRunner().activate(r, createTestContext()))).code).toBe(
      'SKILL_CRASHED',
    );
  });

  it('createTools throwing is SKILL_CRASHED with its message', async () => {
    const r = await record(`export default { createTools() { throw new Error('no config'); } };`);
    const e = await failure(createInlineRunner().activate(r, createTestContext()));
    expect(e.code).toBe('SKILL_CRASHED');
    expect(e.message).toContain('createTools');
    expect(e.message).toContain('no config');
  });

  it('a default export that is not a skill is SKILL_CRASHED', async () => {
    const r = await record(`export default 42;`);
    const e = await failure(createInlineRunner().activate(r, createTestContext()));
    expect(e.code).toBe('SKILL_CRASHED');
    expect(e.message).toContain('default export');
  });

  it('a missing entry file is SKILL_UNAVAILABLE with a hint to build the skill', async () => {
    const r = await record();
    await rm(r.entry!);
    const e = await failure(createInlineRunner().activate(r, createTestContext()));
    expect(e.code).toBe('SKILL_UNAVAILABLE');
    expect(e.message).toContain(r.entry!);
    expect(e.hint).toMatch(/^Build the skill/);
  });

  it('dispose calls the skill definition dispose', async () => {
    const r = await record(
      `export let disposed = 0;\nexport default { createTools() { return {}; }, dispose() { globalThis.__ocDisposed = (globalThis.__ocDisposed ?? 0) + 1; } };`,
    );
    const active = await createInlineRunner().activate(r, createTestContext());
    await active.dispose();
    expect((globalThis as { __ocDisposed?: number }).__ocDisposed).toBe(1);
  });
});
