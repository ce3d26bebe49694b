// Reload replaces the runner: each rescan that changes a worker-run skill loads the new code
// in a fresh thread and disposes the old generation (its dispose hook runs, its thread ends),
// so threads and module memory do not accumulate (the heap figure is in `pnpm bench`).
import { readFileSync, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createSkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

const code = (gen: number) => `export default {
  createTools(ctx) { return { 'gen.which': () => ${gen} }; },
  dispose() { console.log('disposed generation ${gen}'); },
};\n`;

/** OS threads of this process (Linux), or undefined elsewhere. */
const threads = (): number | undefined =>
  existsSync('/proc/self/status')
    ? Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1])
    : undefined;

describe('worker runner reload', () => {
  it('20 reloads: each call answers from the new code, every old generation is disposed, and the thread count does not grow', async () => {
    const root = await tempDir();
    const skills = join(root, 'ws', 'skills');
    const dir = await writeCodeSkill(skills, 'gen', { tools: ['which'], code: code(0) });
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        logged += chunk.toString();
        done();
      },
    });
    const host = await createSkillHost({
      home: join(root, 'home'),
      workspace: join(root, 'ws'),
      userHome: join(root, 'user'),
      env: {},
      hostTools: false,
      scanCache: false,
      logger: pino({ level: 'info' }, sink),
    });
    const which = async () => {
      const r = await host.call({ name: 'gen.which', input: {} });
      if (r.isError) throw new Error(`${r.code}: ${r.message}`);
      return r.structured;
    };
    expect(await which()).toBe(0);
    const baseline = threads();
    for (let gen = 1; gen <= 20; gen++) {
      await writeFile(join(dir, 'index.js'), code(gen));
      // A manifest change makes a new record (a new generation) on the rescan.
      const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as object;
      await writeFile(
        join(dir, 'manifest.json'),
        JSON.stringify({ ...manifest, description: `gen ${gen}` }),
      );
      await host.rescan();
      expect(await which()).toBe(gen);
    }
    await host.close();
    const disposed = [...logged.matchAll(/disposed generation (\d+)/g)].map((m) => Number(m[1]));
    expect(disposed.sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    if (baseline !== undefined) expect(threads()).toBeLessThanOrEqual(baseline);
  });
});
