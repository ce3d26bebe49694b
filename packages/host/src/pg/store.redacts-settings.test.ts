// The shared store's secrets are known to the host's redactor: a skill that echoes the
// database password or the encryption key gets neither into its result, the audit log or the
// audit table.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresForSuite } from '@openclaw/test-utils/postgres';
import { createSkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { KEY_ENV } from './cipher.js';
import { dbName, newKey } from './pg.fixtures.js';

const { skip, createDatabase } = postgresForSuite('shared store redaction');

describe.skipIf(skip)('shared store settings and the redactor', () => {
  it('a tool result echoing the database password and the encryption key shows neither, nor do the audit file and table', async () => {
    const plain = await createDatabase(dbName('redact'));
    // Trust auth ignores the password; the host must still treat it as a secret.
    const url = plain.replace('postgres@', 'postgres:db-pass-31337@');
    const key = newKey();
    const ws = await tempDir();
    await writeCodeSkill(join(ws, 'skills'), 'echo', { tools: ['say'] });
    const home = await tempDir();
    const host = await createSkillHost({
      home,
      userHome: home,
      workspace: ws,
      env: { [KEY_ENV]: key },
      config: {
        runner: 'inline',
        audit: { fullInputs: true },
        store: { type: 'postgres', url, auditTable: true },
      },
    });
    const r = await host.call({ name: 'echo.say', input: { note: `db-pass-31337 ${key}` } });
    await host.close();
    expect(r.isError).toBe(false);
    const c = new pg.Client(plain);
    await c.connect();
    const table = (await c.query<{ t: string }>('SELECT line::text AS t FROM openclaw_audit')).rows;
    await c.end();
    const seen = [
      JSON.stringify(r),
      await readFile(join(home, 'audit.jsonl'), 'utf8'),
      JSON.stringify(table),
    ];
    expect(table).toHaveLength(1);
    for (const text of seen) {
      expect(text).not.toContain('db-pass-31337');
      expect(text).not.toContain(key);
    }
  }, 60_000);
});
