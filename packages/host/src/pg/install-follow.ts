// Which hosts of a shared store cannot follow its lockfile right now, and why: each host
// writes its own row while an attempt to catch up keeps failing and deletes it once it is in
// step again, so `doctor` on any machine names the host, the skill and the reason.
import type { FollowStatus } from '../install/state.js';
import type { Database } from './connect.js';

export interface HostFollowStatus extends FollowStatus {
  /** The host (`hostname:pid:random`) that reported it. */
  origin: string;
  /** When it reported it last (ISO time). */
  updatedAt: string;
}

export async function writeFollowStatus(
  db: Database,
  origin: string,
  status: FollowStatus | undefined,
): Promise<void> {
  if (!status) {
    await db.query('DELETE FROM openclaw_install_follow WHERE origin = $1', [origin]);
    return;
  }
  await db.query(
    `INSERT INTO openclaw_install_follow
       (origin, skill, version, error, attempts, next_at, since, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (origin) DO UPDATE SET skill = EXCLUDED.skill, version = EXCLUDED.version,
       error = EXCLUDED.error, attempts = EXCLUDED.attempts, next_at = EXCLUDED.next_at,
       since = EXCLUDED.since, updated_at = now()`,
    [
      origin,
      status.skill ?? null,
      status.version ?? null,
      status.error,
      status.attempts,
      status.nextAt ?? null,
      status.since,
    ],
  );
}

/** Every host that reported it cannot follow, oldest failure first. */
export async function readFollowStatus(db: Database): Promise<HostFollowStatus[]> {
  const { rows } = await db.query<{
    origin: string;
    skill: string | null;
    version: string | null;
    error: string;
    attempts: number;
    next_at: Date | null;
    since: Date;
    updated_at: Date;
  }>('SELECT * FROM openclaw_install_follow ORDER BY since, origin');
  return rows.map((r) => ({
    origin: r.origin,
    ...(r.skill !== null && { skill: r.skill }),
    ...(r.version !== null && { version: r.version }),
    error: r.error,
    attempts: r.attempts,
    ...(r.next_at && { nextAt: r.next_at.toISOString() }),
    since: r.since.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** One line of `doctor`. */
export interface FollowCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  message: string;
  hint?: string;
}

/**
 * `doctor`'s view of a shared store: one warning per host that cannot follow its lockfile
 * (which skill, since when, how many attempts, why), or one line saying all follow.
 */
export async function followChecks(db: Database): Promise<FollowCheck[]> {
  let rows: HostFollowStatus[];
  try {
    rows = await readFollowStatus(db);
  } catch (e) {
    // A store no host of this version has migrated yet has no such table: nothing reported.
    if ((e as { code?: string }).code === '42P01') rows = [];
    else throw e;
  }
  if (rows.length === 0)
    return [{ name: 'hosts', status: 'ok', message: 'every host follows the shared lockfile' }];
  return rows.map((r) => ({
    name: 'hosts',
    status: 'warn',
    message: `host ${r.origin} is not in step with the shared lockfile${r.skill ? ` (${r.skill}${r.version ? `@${r.version}` : ''})` : ''} since ${r.since}, ${r.attempts} failed attempt(s), next at ${r.nextAt ?? '?'}: ${r.error}`,
    hint: 'That host keeps serving what it had and retries on its own; fix the cause named above (or install the skill again on a host that has it, which stores its package anew).',
  }));
}
