// A stdio server killed mid-session: its tools answer SKILL_UNAVAILABLE with the reason, the
// host restarts it in the background with capped exponential backoff (the restart clock is
// injected: the test fires each scheduled restart and checks the delays in order), and a
// later call succeeds on the same host. Other servers never notice.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { alive, openHost, stdioFixture } from './testing/open-host.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

/** A restart clock the test drives: each scheduled restart waits in `pending`. */
function manualClock() {
  const pending: { delay: number; fire: () => void }[] = [];
  return {
    pending,
    schedule: (delay: number, fire: () => void) => {
      const entry = { delay, fire };
      pending.push(entry);
      return () => {
        const i = pending.indexOf(entry);
        if (i >= 0) pending.splice(i, 1);
      };
    },
  };
}

/** Resolves once the server reaches `state` (driven by the server's own events). */
function until(host: SkillHost, server: string, state: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (host.mcp.servers().find((s) => s.name === server)?.state === state) {
        host.off('change', check);
        resolve();
      }
    };
    host.on('change', check);
    check();
  });
}

describe('MCP server crash and restart', () => {
  it('answers SKILL_UNAVAILABLE while down, restarts with doubling capped delays, then serves again', async () => {
    const clock = manualClock();
    const crashFile = join(await tempDir('oc-mcp-crash-'), 'crashes');
    await writeFile(crashFile, '0');
    const { host: h } = await openHost(
      {
        crashy: stdioFixture({ eager: true, env: { FIXTURE_CRASH_FILE: crashFile } }),
        steady: stdioFixture({ eager: true }),
      },
      { mcp: { schedule: clock.schedule, backoff: { baseMs: 100, maxMs: 300 } } },
    );
    hosts.push(h);
    const before = h.mcp.servers().find((s) => s.name === 'crashy')!;
    expect(before.state).toBe('ready');
    await writeFile(crashFile, '3');

    process.kill(before.pid!, 'SIGKILL');
    await until(h, 'crashy', 'failing');
    const down = await h.call({ name: 'mcp__crashy__echo', input: { text: 'a' } });
    expect(down).toMatchObject({ isError: true, code: 'SKILL_UNAVAILABLE' });
    if (down.isError) expect(down.message).toContain('the server process exited');
    const other = await h.call({ name: 'mcp__steady__echo', input: { text: 'b' } });
    expect(other).toMatchObject({ isError: false, text: 'echo: b' });

    // Three restarts crash on start, the fourth comes up.
    for (let i = 0; i < 4; i++) {
      expect(clock.pending).toHaveLength(1);
      const next = clock.pending.shift()!;
      const settled = new Promise<void>((resolve) => {
        const check = () => {
          const s = h.mcp.servers().find((x) => x.name === 'crashy')!.state;
          if (s === 'ready' || s === 'failing') {
            h.off('change', check);
            resolve();
          }
        };
        h.on('change', check);
      });
      next.fire();
      await settled;
    }
    const after = h.mcp.servers().find((s) => s.name === 'crashy')!;
    expect(after.state).toBe('ready');
    expect(after.restartDelays).toEqual([100, 200, 300, 300]);
    expect(clock.pending).toHaveLength(0);
    expect(after.pid).not.toBe(before.pid);
    expect(alive(before.pid!)).toBe(false);

    const back = await h.call({ name: 'mcp__crashy__echo', input: { text: 'c' } });
    expect(back).toMatchObject({ isError: false, text: 'echo: c' });
  });
});
