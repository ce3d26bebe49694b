// The audit table sink: with `store.auditTable`, every call's audit line (as the router wrote
// it to audit.jsonl, redacted) lands in `openclaw_audit` tagged with the host, in order; lines
// from before the host started are not shipped again; without the setting nothing is shipped.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresForSuite } from '@openclaw/test-utils/postgres';
import { createSkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { KEY_ENV } from './cipher.js';
import { dbName, newKey } from './pg.fixtures.js';

const { skip, createDatabase } = postgresForSuite('audit table');

async function auditRows(url: string) {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return (
      await c.query<{ host: string; tool: string; outcome: string }>(
        "SELECT host, line->>'tool' AS tool, line->>'outcome' AS outcome FROM openclaw_audit ORDER BY id",
      )
    ).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(skip)('audit lines to the shared store', () => {
  it('ships each call line to openclaw_audit in order, once, tagged with the host; a host without auditTable ships none', async () => {
    const url = await createDatabase(dbName('audit'));
    const ws = await tempDir();
    await writeCodeSkill(join(ws, 'skills'), 'echo', { tools: ['say', 'other'] });
    const env = { [KEY_ENV]: newKey() };
    const open = (home: string, auditTable: boolean) =>
      createSkillHost({
        home,
        userHome: home,
        workspace: ws,
        env,
        config: { runner: 'inline', store: { type: 'postgres', url, auditTable } },
      });
    const home = await tempDir();
    const first = await open(home, true);
    await first.call({ name: 'echo.say', input: { n: 1 } });
    await first.call({ name: 'echo.other', input: { n: 2 } });
    await first.call({ name: 'echo.missing', input: {} });
    await first.close();
    const rows = await auditRows(url);
    expect(rows.map((r) => [r.tool, r.outcome])).toEqual([
      ['echo.say', 'ok'],
      ['echo.other', 'ok'],
      ['echo.missing', 'TOOL_NOT_FOUND'],
    ]);
    expect(new Set(rows.map((r) => r.host)).size).toBe(1);

    // The same home again: the three earlier lines stay shipped once.
    const second = await open(home, true);
    await second.call({ name: 'echo.say', input: { n: 3 } });
    await second.close();
    expect((await auditRows(url)).map((r) => r.tool)).toEqual([
      'echo.say',
      'echo.other',
      'echo.missing',
      'echo.say',
    ]);

    const off = await open(await tempDir(), false);
    await off.call({ name: 'echo.say', input: { n: 4 } });
    await off.close();
    expect(await auditRows(url)).toHaveLength(4);
  }, 60_000);
});
