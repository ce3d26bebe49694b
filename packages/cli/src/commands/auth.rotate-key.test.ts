// `openclaw-skill auth rotate-key` against a real Postgres: secrets sealed under the old key
// are resealed under the new one, hosts that only have the new key read them all (nobody is
// logged out), a second run has nothing to do, and a home without a shared store gets one line.
import { internalAuth } from '@openclaw/skill-host/internal';
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

const { skip, createDatabase } = postgresForSuite('auth rotate-key');

const key = () => randomBytes(32).toString('base64');
const KEY = 'OPENCLAW_SKILLS_ENCRYPTION_KEY';
const PREVIOUS = 'OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS';

async function homeWith(config: unknown) {
  const home = await mkdtemp(join(tmpdir(), 'oc-rotate-'));
  await writeFile(join(home, 'config.json'), JSON.stringify(config));
  return home;
}

const cli = async (args: string[], env: NodeJS.ProcessEnv) => {
  const io = memoryIo({ env: { HOME: tmpdir(), ...env } });
  const code = await run(args, io);
  return { code, out: io.out, err: io.err };
};

describe.skipIf(skip)('openclaw-skill auth rotate-key', () => {
  it('reseals every secret under the new key; a host with only the new key reads them; a second run changes nothing', async () => {
    const url = await createDatabase(`rotate_${process.pid}`);
    const home = await homeWith({ store: { type: 'postgres', url } });
    const [oldKey, newKey] = [key(), key()];
    const open = (env: NodeJS.ProcessEnv) =>
      createSkillHost({ home, userHome: home, workspace: home, env });
    const before = await open({ [KEY]: oldKey });
    await before.auth.setKey('mail', 'MAIL_API_KEY', 'mail-key-value-4242');
    await before.auth.setKey('weather', 'WEATHER_API_KEY', 'weather-key-value-4242');
    await before.close();

    const rotated = await cli(['auth', 'rotate-key', '--json', '--home', home], {
      [KEY]: newKey,
      [PREVIOUS]: oldKey,
    });
    expect(rotated.err).toBe('');
    expect(rotated.code).toBe(0);
    const result = JSON.parse(rotated.out) as {
      keyId: string;
      reencrypted: number;
      current: number;
    };
    expect(result).toMatchObject({ reencrypted: 2, current: 0 });

    const c = new pg.Client(url);
    await c.connect();
    const ids = (await c.query<{ key_id: string }>('SELECT DISTINCT key_id FROM openclaw_secrets'))
      .rows;
    await c.end();
    expect(ids.map((r) => r.key_id)).toEqual([result.keyId]);

    const after = await open({ [KEY]: newKey });
    expect(await internalAuth(after).getKey('mail', 'MAIL_API_KEY')).toBe('mail-key-value-4242');
    expect(await internalAuth(after).getKey('weather', 'WEATHER_API_KEY')).toBe(
      'weather-key-value-4242',
    );
    await after.close();
    const oldOnly = await open({ [KEY]: oldKey });
    await expect(internalAuth(oldOnly).getKey('mail', 'MAIL_API_KEY')).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    await oldOnly.close();

    const again = await cli(['auth', 'rotate-key', '--home', home], { [KEY]: newKey });
    expect(again.code).toBe(0);
    expect(again.out).toBe(
      `Re-encrypted 0 secret(s) under key ${result.keyId}; 2 already were. The previous keys can be removed from every host.\n`,
    );
    expect(`${rotated.out}${again.out}`).not.toMatch(/key-value-4242/);
  }, 60_000);

  it('a home whose store is files exits 1 with one line saying rotate-key is for a shared store', async () => {
    const home = await homeWith({});
    const r = await cli(['auth', 'rotate-key', '--home', home], { [KEY]: key() });
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/rotate-key re-encrypts the secrets of a shared store/);
  });
});
