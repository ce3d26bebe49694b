// A module that never finishes loading (a busy loop at its top level) does not keep a thread
// or process spinning: the runner is stopped and the activation fails with SKILL_CRASHED.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import { skillRecord } from '../testing/records.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { createSandboxRunner } from './sandbox.js';
import { createWorkerRunner } from './worker.js';

describe.each([
  ['worker', () => createWorkerRunner({ activateTimeoutMs: 200 })],
  ['sandbox', () => createSandboxRunner({ activateTimeoutMs: 200 })],
] as const)('%s runner: a module that hangs while loading', (_kind, make) => {
  it('is stopped and reported as SKILL_CRASHED saying it did not finish loading', async () => {
    const dir = await writeCodeSkill(await tempDir(), 'stuck', {
      code: 'for (;;) {}\nexport default { createTools: () => ({}) };\n',
    });
    const record = skillRecord({ name: 'stuck', dir, entry: join(dir, 'index.js') });
    const p = make().activate(record, createTestContext({ name: 'stuck' }));
    await expect(p).rejects.toMatchObject({ code: 'SKILL_CRASHED' });
    await expect(p).rejects.toThrow(/did not finish loading within 200 ms/);
  });
});
