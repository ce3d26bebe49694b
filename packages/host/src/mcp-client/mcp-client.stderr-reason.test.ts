// A stdio MCP server that dies is explained by the telling line of its stderr, not by its
// last one (`Node.js v20.20.2`). Real child processes: node running a file that does not
// exist, and a script that prints a stack trace (with a secret from its env) and exits 1.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { openHost } from './testing/open-host.js';
import { STDERR_TAIL, tellingLine } from './stderr.js';

const SECRET = 'mcp-api-key-6f1e0c9a4b7d';
let host: SkillHost;
let missing: string;

beforeAll(async () => {
  const dir = await tempDir('oc-mcp-stderr-');
  missing = join(dir, 'does-not-exist.js');
  const crash = join(dir, 'crash.mjs');
  await writeFile(
    crash,
    [
      "console.error('starting the weather MCP server');",
      'function connect() {',
      '  throw new Error(`the upstream API refused the key ${process.env.WEATHER_KEY}`);',
      '}',
      'try { connect(); } catch (e) { console.error(e.stack); }',
      "console.error('\\nNode.js ' + process.version);",
      'process.exit(1);',
    ].join('\n'),
  );
  ({ host } = await openHost({
    broken: { command: process.execPath, args: [missing], eager: true },
    crashing: {
      command: process.execPath,
      args: [crash],
      env: { WEATHER_KEY: SECRET },
      eager: true,
    },
  }));
});
afterAll(async () => {
  await host?.close();
});

const reasonOf = (name: string) => host.mcp.servers().find((s) => s.name === name)?.reason;

describe('a failing stdio MCP server, explained from its stderr', () => {
  it('node running a missing file: the reason is "Cannot find module", not the Node.js banner', () => {
    const reason = reasonOf('broken');
    expect(reason).toBe(
      `the server closed the connection (stderr: Error: Cannot find module '${missing}')`,
    );
  });

  it('a script that prints a stack trace and exits 1: the reason is the error line, with the secret from its env redacted', () => {
    const reason = reasonOf('crashing')!;
    expect(reason).toBe(
      'the server closed the connection (stderr: Error: the upstream API refused the key [REDACTED])',
    );
    expect(reason).not.toContain(SECRET);
  });

  it('a call to its tool is refused with SKILL_UNAVAILABLE carrying that reason', async () => {
    const r = await host.call({ name: 'mcp__broken__echo', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_UNAVAILABLE' });
    if (r.isError) expect(r.message).toContain('Cannot find module');
  });
});

describe('tellingLine (the line chosen from a stderr tail)', () => {
  it('prefers a Python error line over the traceback above it', () => {
    const tail = [
      'Traceback (most recent call last):',
      '  File "/srv/server.py", line 3, in <module>',
      '    import mcp_weather',
      "ModuleNotFoundError: No module named 'mcp_weather'",
    ].join('\n');
    expect(tellingLine(tail)).toBe("ModuleNotFoundError: No module named 'mcp_weather'");
  });

  it('without an error line, takes the last line that is not a banner or punctuation', () => {
    expect(tellingLine('listening on stdio\nport 8080 is taken\n}\n\nNode.js v20.20.2\n')).toBe(
      'port 8080 is taken',
    );
  });

  it('takes a line that mentions an error when none starts with one', () => {
    expect(tellingLine('config loaded\ncould not connect: error 42 from the database\nbye')).toBe(
      'could not connect: error 42 from the database',
    );
  });

  it('gives nothing for a stderr of only a banner', () => {
    expect(tellingLine('\nNode.js v20.20.2\n')).toBeUndefined();
  });

  it('ignores the first line of a full tail (cut in the middle), and keeps it in a shorter one', () => {
    const fragment = 'Error: the end of a longer line';
    const body = '\nstill running\n';
    const full = fragment + body + ' '.repeat(STDERR_TAIL - fragment.length - body.length);
    expect(full).toHaveLength(STDERR_TAIL);
    expect(tellingLine(full)).toBe('still running');
    expect(tellingLine(fragment + body)).toBe(fragment);
  });

  it('cuts the chosen line to 300 characters', () => {
    expect(tellingLine(`Error: ${'y'.repeat(400)}`)).toHaveLength(300);
  });
});
