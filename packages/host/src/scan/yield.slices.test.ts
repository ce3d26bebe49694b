import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readSkillFolder } from '@openclaw/skill-sdk';
import { tempDir, writeDocsSkill } from '../testing/skill-folders.js';
import { mapLimit } from './limit.js';
import { scanSkills } from './scan.js';
import { mapSliced, slicer, type Slicer } from './yield.js';

/**
 * A slicer whose slice is used up every `every` items instead of every 2 ms (as a real one,
 * it stays used up for every worker until the turn is over), counting the turns it gives.
 */
function countingSlicer(every: number) {
  let items = 0;
  let pauses = 0;
  let waiting: Promise<void> | undefined;
  const real = slicer(Infinity);
  const s: Slicer = {
    due: () => waiting !== undefined || ++items % every === 0,
    pause: () => {
      if (!waiting) {
        pauses++;
        waiting = real.pause().then(() => {
          waiting = undefined;
        });
      }
      return waiting;
    },
  };
  return { s, pauses: () => pauses };
}

describe('time slicing for rescans', () => {
  it('mapLimit over items that resolve at once gives the event loop turns, and keeps the order', async () => {
    const turns: number[] = [];
    let done = 0;
    const tick = () => {
      turns.push(done);
      if (done < 1000) setImmediate(tick);
    };
    setImmediate(tick);
    const { s } = countingSlicer(100);
    const out = await mapLimit(
      Array.from({ length: 1000 }, (_, i) => i),
      64,
      async (i) => {
        done++;
        return i * 2;
      },
      s,
    );
    expect(out).toEqual(Array.from({ length: 1000 }, (_, i) => i * 2));
    // Calls (here: the immediate) ran while the map was half done, not only after it.
    expect(turns.some((d) => d > 0 && d < 1000)).toBe(true);
  });

  it('concurrent workers that find the slice used up share one turn instead of taking one each', async () => {
    const s = slicer(0);
    const pauses = await Promise.all(Array.from({ length: 64 }, () => s.pause()));
    expect(new Set(pauses).size).toBe(1);
    const a = s.pause();
    expect(s.pause()).toBe(a);
    await a;
    expect(s.pause()).not.toBe(a);
  });

  it('mapSliced maps in order with turns between slices', async () => {
    const { s, pauses } = countingSlicer(10);
    expect(await mapSliced([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (x) => x + 1, s)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect(pauses()).toBe(1);
  });

  it('scanSkills gives the event loop turns between folders with a 0 ms slice and none with sliceMs Infinity (a new host)', async () => {
    const root = await tempDir();
    const dir = join(root, 'skills');
    for (let i = 0; i < 5; i++) await writeDocsSkill(dir, `s${i}`);
    // Turns counted from the first folder read to the end: the listing before it is real I/O.
    const turnsWhileReading = async (sliceMs: number) => {
      let turns = 0;
      let reading = false;
      let running = true;
      const tick = () => {
        if (!running) return;
        if (reading) turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      const result = await scanSkills({
        sources: [{ kind: 'extra', dir, precedence: 0 }],
        config: {},
        configFile: join(root, 'config.json'),
        env: { PATH: '' },
        readFolder: (d) => {
          reading = true;
          return readSkillFolder(d);
        },
        sliceMs,
      });
      running = false;
      expect(result.records.map((r) => r.name)).toEqual(['s0', 's1', 's2', 's3', 's4']);
      return turns;
    };
    expect(await turnsWhileReading(0)).toBeGreaterThan(0);
    expect(await turnsWhileReading(Infinity)).toBe(0);
  });
});
