// A runner that keeps crashing is restarted with backoff: after three crashes in a row, calls
// fail fast with SKILL_CRASHED saying when it restarts, until the clock passes that time; a
// successful call resets the count. Uses a real worker runner and a controlled clock.
import { afterEach, describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { createSkillContext } from '../context/create.js';
import { RedactorCache } from '../redact/index.js';
import { pino } from 'pino';
import { join } from 'node:path';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { skillRecord } from '../testing/records.js';
import type { ActiveSkill } from './types.js';
import { createWorkerRunner } from './worker.js';

const actives: ActiveSkill[] = [];
afterEach(async () => {
  await Promise.all(actives.splice(0).map((a) => a.dispose()));
});

const call = (id: string) => ({ signal: new AbortController().signal, callId: id });

async function crashy() {
  const root = await tempDir();
  const dir = await writeCodeSkill(root, 'crashy', {
    tools: ['die', 'ok'],
    code: `export default { createTools() { return {
      'crashy.die': () => process.exit(1),
      'crashy.ok': () => 'fine',
    }; } };\n`,
  });
  let now = 1_000_000;
  const runner = createWorkerRunner({ now: () => now });
  const record = skillRecord({ name: 'crashy', dir, entry: join(dir, 'index.js') });
  const redactors = new RedactorCache();
  const ctx = createSkillContext(record, {
    home: join(root, 'home'),
    config: {},
    configFile: join(root, 'home', 'config.json'),
    env: {},
    logger: pino({ level: 'silent' }),
    redactor: () => redactors.get([]),
  });
  const active = await runner.activate(record, ctx);
  actives.push(active);
  return { active, advance: (ms: number) => (now += ms) };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof SkillError ? e.code : String(e)),
  );

describe('remote runner: crash backoff', () => {
  it('three crashes in a row make the next call fail fast until the backoff passes', async () => {
    const { active, advance } = await crashy();
    for (let i = 0; i < 3; i++)
      expect(await codeOf(active.invoke('crashy.die', {}, call(`d${i}`)))).toBe('SKILL_CRASHED');
    const refused = active.invoke('crashy.ok', {}, call('x'));
    await expect(refused).rejects.toThrow(/crashed 3 times in a row; it is restarted again in 1 s/);
    advance(1000);
    expect(await active.invoke('crashy.ok', {}, call('y'))).toBe('fine');
  });

  it('a success resets the count: crash, ok, crash, crash still restarts at once', async () => {
    const { active } = await crashy();
    expect(await codeOf(active.invoke('crashy.die', {}, call('a')))).toBe('SKILL_CRASHED');
    expect(await active.invoke('crashy.ok', {}, call('b'))).toBe('fine');
    expect(await codeOf(active.invoke('crashy.die', {}, call('c')))).toBe('SKILL_CRASHED');
    expect(await codeOf(active.invoke('crashy.die', {}, call('d')))).toBe('SKILL_CRASHED');
    expect(await active.invoke('crashy.ok', {}, call('e'))).toBe('fine');
  });
});
