import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { USAGE_HALF_LIFE_MS, UsageReader } from './usage.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const line = (tool: string, ago: number, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({
    time: new Date(NOW - ago).toISOString(),
    callId: 'c',
    tool,
    decision: 'allowed',
    durationMs: 1,
    outcome: 'ok',
    ...extra,
  })}\n`;

async function logWith(text: string) {
  const file = join(await tempDir('oc-usage-'), 'audit.jsonl');
  await writeFile(file, text);
  return { file, reader: new UsageReader({ file, now: () => NOW, refreshMs: 0 }) };
}

describe('UsageReader', () => {
  it("counts an agent's allowed calls per tool, and not refused calls or broken lines", async () => {
    const { reader } = await logWith(
      line('gmail.send', 0, { agentId: 'mail-bot' }) +
        line('gmail.send', 0, { agentId: 'mail-bot' }) +
        line('shell.run', 0, { agentId: 'mail-bot', decision: 'denied' }) +
        '{"not json\n' +
        line('files.read', 0),
    );
    expect([...reader.forAgent('mail-bot')]).toEqual([['gmail.send', 2]]);
    expect([...reader.forAgent(undefined)]).toEqual([['files.read', 1]]);
  });

  it('weighs a call a half-life old half as much as a call made now', async () => {
    const { reader } = await logWith(
      line('old.tool', USAGE_HALF_LIFE_MS, { agentId: 'a' }) +
        line('new.tool', 0, { agentId: 'a' }),
    );
    const counts = reader.forAgent('a');
    expect(counts.get('old.tool')! / counts.get('new.tool')!).toBeCloseTo(0.5, 6);
  });

  it('gives an agent without calls of its own every agent’s counts', async () => {
    const { reader } = await logWith(
      line('gmail.send', 0, { agentId: 'a' }) + line('files.read', 0, { agentId: 'b' }),
    );
    expect([...reader.forAgent('new-agent')].sort()).toEqual([
      ['files.read', 1],
      ['gmail.send', 1],
    ]);
  });

  it('reads only what was appended, and bumps its version when counts change', async () => {
    const { file, reader } = await logWith(line('a.x', 0));
    expect(reader.forAgent(undefined).get('a.x')).toBe(1);
    const v = reader.version;
    await appendFile(file, line('a.x', 0));
    expect(reader.forAgent(undefined).get('a.x')).toBe(2);
    expect(reader.version).toBe(v + 1);
  });

  it('answers empty counts when there is no audit log yet', () => {
    const reader = new UsageReader({ file: '/nonexistent/audit.jsonl', refreshMs: 0 });
    expect(reader.forAgent('a').size).toBe(0);
  });
});
