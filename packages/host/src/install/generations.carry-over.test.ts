import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SkillRecord } from '../catalog/types.js';
import { skillRecord } from '../testing/records.js';
import { tempDir } from '../testing/skill-folders.js';
import { carryOver } from './generations.js';

describe('carryOver', () => {
  it('keeps the previous record object for an unchanged skill and takes the new one for a changed skill', async () => {
    const stamps = new WeakMap<SkillRecord, string>();
    const a1 = skillRecord({ name: 'a', dir: '/s/a', description: 'same' });
    const b1 = skillRecord({ name: 'b', dir: '/s/b', description: 'old' });
    const first = await carryOver([], [a1, b1], stamps);
    const a2 = skillRecord({ name: 'a', dir: '/s/a', description: 'same' });
    const b2 = skillRecord({ name: 'b', dir: '/s/b', description: 'new' });
    const second = await carryOver(first, [a2, b2], stamps);
    expect(second[0]).toBe(a1);
    expect(second[1]).toBe(b2);
  });

  it('a rebuilt entry module (same manifest) is a new record: a new generation', async () => {
    const dir = await tempDir();
    const entry = join(dir, 'index.js');
    await writeFile(entry, 'export default 1;');
    const stamps = new WeakMap<SkillRecord, string>();
    const r = () => skillRecord({ name: 'c', dir, entry, kind: 'code' });
    const first = await carryOver([], [r()], stamps);
    expect((await carryOver(first, [r()], stamps))[0]).toBe(first[0]);
    await writeFile(entry, 'export default 22;');
    await utimes(entry, new Date(), new Date(Date.now() + 5_000));
    const third = await carryOver(first, [r()], stamps);
    expect(third[0]).not.toBe(first[0]);
  });
});
