// SecretVault on encrypted rows: the keytar-shaped calls over
// `openclaw_secrets`, every value sealed with AES-256-GCM under the current key
// (pg/cipher.ts), the row's (service, account) bound in as additional data. Writes wait and
// retry while the database is unreachable: a refreshed token must be stored before it is
// used, never dropped.
import type { Credential, SecretVault } from '../auth/vault.js';
import type { Keyring, Sealed } from './cipher.js';
import { retryWhileUnreachable, type Database } from './connect.js';

interface SecretRow {
  account: string;
  key_id: string;
  iv: Buffer;
  tag: Buffer;
  sealed: Buffer;
}

const aad = (service: string, account: string) => `${service}\0${account}`;
const sealedOf = (r: SecretRow): Sealed => ({
  keyId: r.key_id,
  iv: r.iv,
  tag: r.tag,
  data: r.sealed,
});

export interface PostgresVaultOptions {
  /** How long a write waits for the database to come back (default 30 s). */
  retryMs?: number;
}

export function createPostgresVault(
  db: Database,
  keys: Keyring,
  opts: PostgresVaultOptions = {},
): SecretVault {
  const retry = <T>(fn: () => Promise<T>) =>
    retryWhileUnreachable(fn, { ...(opts.retryMs !== undefined && { maxMs: opts.retryMs }) });
  return {
    kind: 'postgres',
    async getPassword(service, account) {
      const { rows } = await retry(() =>
        db.query<SecretRow>(
          'SELECT account, key_id, iv, tag, sealed FROM openclaw_secrets WHERE service = $1 AND account = $2',
          [service, account],
        ),
      );
      const row = rows[0];
      return row ? keys.open(sealedOf(row), aad(service, account)) : null;
    },
    async setPassword(service, account, password) {
      const s = keys.seal(password, aad(service, account));
      await retry(() =>
        db.query(
          `INSERT INTO openclaw_secrets (service, account, key_id, iv, tag, sealed, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, now())
           ON CONFLICT (service, account) DO UPDATE SET key_id = EXCLUDED.key_id, iv = EXCLUDED.iv,
             tag = EXCLUDED.tag, sealed = EXCLUDED.sealed, updated_at = now()`,
          [service, account, s.keyId, s.iv, s.tag, s.data],
        ),
      );
    },
    async deletePassword(service, account) {
      const r = await retry(() =>
        db.query('DELETE FROM openclaw_secrets WHERE service = $1 AND account = $2', [
          service,
          account,
        ]),
      );
      return (r.rowCount ?? 0) > 0;
    },
    async findCredentials(service) {
      const { rows } = await retry(() =>
        db.query<SecretRow>(
          'SELECT account, key_id, iv, tag, sealed FROM openclaw_secrets WHERE service = $1 ORDER BY account',
          [service],
        ),
      );
      return rows.map((r): Credential => ({
        account: r.account,
        password: keys.open(sealedOf(r), aad(service, r.account)),
      }));
    },
  };
}

/**
 * Re-encrypts every secret not sealed under the current key (`auth rotate-key`). Each row is
 * rewritten in its own statement, guarded by its old key id, so hosts writing at the same
 * time are never overwritten with an older value. Returns how many rows moved, and how many
 * were already under the current key.
 */
export async function reencryptAll(
  db: Database,
  keys: Keyring,
): Promise<{ reencrypted: number; current: number }> {
  const { rows } = await db.query<SecretRow & { service: string }>(
    'SELECT service, account, key_id, iv, tag, sealed FROM openclaw_secrets ORDER BY service, account',
  );
  let reencrypted = 0;
  let current = 0;
  for (const r of rows) {
    if (r.key_id === keys.currentId) {
      current++;
      continue;
    }
    const plain = keys.open(sealedOf(r), aad(r.service, r.account));
    const s = keys.seal(plain, aad(r.service, r.account));
    const res = await db.query(
      `UPDATE openclaw_secrets SET key_id = $3, iv = $4, tag = $5, sealed = $6, updated_at = now()
       WHERE service = $1 AND account = $2 AND key_id = $7 AND iv = $8`,
      [r.service, r.account, s.keyId, s.iv, s.tag, s.data, r.key_id, r.iv],
    );
    if ((res.rowCount ?? 0) > 0) reencrypted++;
    else current++; // rewritten meanwhile by a host (it seals under its current key)
  }
  return { reencrypted, current };
}
