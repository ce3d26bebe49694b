// auditTail reads the last N lines from the end of the file: across chunk edges, with
// multi-byte text cut by a chunk edge, and skipping a torn line.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { auditTail } from './audit-tail.js';

let dir: string;
beforeAll(async () => {
  dir = await tempDir('oc-audit-tail-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const line = (i: number) => JSON.stringify({ i, tool: `t.${i}`, note: 'é€'.repeat(i % 50) });

describe('auditTail', () => {
  it('returns the last N entries, oldest first, from a file many chunks long', async () => {
    const file = join(dir, 'long.jsonl');
    const lines = Array.from({ length: 3000 }, (_, i) => line(i));
    await writeFile(file, lines.join('\n') + '\n');
    const tail = (await auditTail(file, 700)) as { i: number; note: string }[];
    expect(tail.map((e) => e.i)).toEqual(Array.from({ length: 700 }, (_, k) => 2300 + k));
    expect(tail.every((e) => e.note === 'é€'.repeat(e.i % 50))).toBe(true);
  });

  it('returns every entry when N is larger than the file', async () => {
    const file = join(dir, 'short.jsonl');
    await writeFile(file, [line(1), line(2)].join('\n') + '\n');
    expect(((await auditTail(file, 50)) as { i: number }[]).map((e) => e.i)).toEqual([1, 2]);
  });

  it('skips a line that is not JSON (a write in progress)', async () => {
    const file = join(dir, 'torn.jsonl');
    await writeFile(file, `${line(1)}\n${line(2)}\n{"i":3,"to`);
    expect(((await auditTail(file, 5)) as { i: number }[]).map((e) => e.i)).toEqual([1, 2]);
  });

  it('returns nothing for a missing file or N = 0', async () => {
    expect(await auditTail(join(dir, 'absent.jsonl'), 10)).toEqual([]);
    expect(await auditTail(join(dir, 'short.jsonl'), 0)).toEqual([]);
  });
});
