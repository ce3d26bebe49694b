// A skill's console output goes to its logger (redacted), never to the host's stdout, from
// its module's top level and from inside tool calls after any number of awaits; the host's
// own console calls are untouched.
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

// A token shape the redactor knows, built at run time.
const token = `ghp_${'Zz9Yy8Xx7W'.repeat(3)}`;

describe('inline skill console', () => {
  it('console.log/error of a skill reach its logger redacted, not the console; the host console is untouched', async () => {
    const seen: unknown[][] = [];
    const originalLog = console.log;
    const originalError = console.error;
    // Stand-ins for the process's stdout/stderr: whatever still reaches them leaked.
    console.log = (...args: unknown[]) => void seen.push(args);
    console.error = (...args: unknown[]) => void seen.push(args);
    try {
      const root = await tempDir();
      await writeCodeSkill(join(root, 'ws', 'skills'), 'chatty', {
        tools: ['talk'],
        code: `console.log('chatty module loaded');
export default {
  createTools() {
    return {
      'chatty.talk': async () => {
        await new Promise((r) => setTimeout(r, 1));
        await null;
        console.log('calling with', ${JSON.stringify(token)});
        console.error('failed: %s', 'upstream 500');
        return 'ok';
      },
    };
  },
};
`,
      });
      const lines: string[] = [];
      const logger = pino(
        { level: 'debug' },
        new Writable({
          write(chunk, _enc, cb) {
            lines.push(String(chunk));
            cb();
          },
        }),
      );
      const host = await createSkillHost({
        workspace: join(root, 'ws'),
        home: join(root, 'home'),
        userHome: join(root, 'user'),
        env: {},
        logger,
        config: { runner: 'inline' },
      });
      hosts.push(host);
      expect(await host.call({ name: 'chatty.talk', input: {} })).toMatchObject({
        isError: false,
      });
      console.log('host line');
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const fromSkill = logged.filter((l) => l.skill === 'chatty');
      expect(fromSkill.map((l) => [l.level, l.console, l.msg])).toEqual([
        [30, 'log', 'chatty module loaded'],
        [30, 'log', 'calling with [REDACTED]'],
        [50, 'error', 'failed: upstream 500'],
      ]);
      expect(JSON.stringify(logged)).not.toContain(token);
      expect(seen).toEqual([['host line']]);
    } finally {
      console.log = originalLog;
      console.error = originalError;
    }
  });
});
