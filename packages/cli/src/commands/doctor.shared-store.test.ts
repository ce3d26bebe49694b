// `openclaw-skill doctor` on a home whose config points at a shared Postgres store: it says
// every host follows the shared lockfile, or names each host that cannot, with the skill and
// the reason (a warning: that host keeps serving what it had).
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createSkillHost } from '@openclaw/skill-host';
import { postgresForSuite } from '@openclaw/test-utils/postgres';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

const { skip, createDatabase } = postgresForSuite('doctor with a shared store');

interface Check {
  name: string;
  status: string;
  message: string;
}

describe.skipIf(skip)('openclaw-skill doctor with a shared store', () => {
  it('reports every host in step, then a warning naming the host, skill and reason of a host that cannot follow', async () => {
    const url = await createDatabase(`doctor_${process.pid}`);
    const home = await mkdtemp(join(tmpdir(), 'oc-doctor-'));
    await writeFile(
      join(home, 'config.json'),
      JSON.stringify({ store: { type: 'postgres', url } }),
    );
    const env = { HOME: home, OPENCLAW_SKILLS_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    // A host start applies the schema.
    await (await createSkillHost({ home, userHome: home, workspace: home, env })).close();
    const doctor = async () => {
      const io = memoryIo({ env });
      await run(['doctor', '--json', '--home', home], io);
      return (JSON.parse(io.out) as { checks: Check[] }).checks.filter((c) => c.name === 'hosts');
    };
    expect(await doctor()).toEqual([
      { name: 'hosts', status: 'ok', message: 'every host follows the shared lockfile' },
    ]);

    const c = new pg.Client(url);
    await c.connect();
    await c.query(
      `INSERT INTO openclaw_install_follow (origin, skill, version, error, attempts, next_at, since)
       VALUES ('host-2:4121:9f03ab', 'gmail', '2.0.0', 'The registry cannot be reached (ECONNREFUSED).', 3, now(), now())`,
    );
    await c.end();
    const [check] = await doctor();
    expect(check).toMatchObject({ name: 'hosts', status: 'warn' });
    expect(check!.message).toMatch(
      /^host host-2:4121:9f03ab is not in step with the shared lockfile \(gmail@2\.0\.0\) since .+, 3 failed attempt\(s\), next at .+: The registry cannot be reached \(ECONNREFUSED\)\.$/,
    );
  }, 120_000);
});
