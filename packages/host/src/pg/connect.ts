// The connection to the shared store: one `pg` pool per host (its idle clients' errors are
// caught, so a database that goes away never crashes the host), the URL from the host
// config or OPENCLAW_SKILLS_DATABASE_URL, and the rules for "the database is unreachable":
// which errors mean it, the one-line message (the URL shown without its password), and a
// retry with backoff for writes that must happen once it is back.
import { SkillError } from '@openclaw/skill-sdk';
import type pg from 'pg';
import { backoffMs } from '../auth/retry.js';

export const URL_ENV = 'OPENCLAW_SKILLS_DATABASE_URL';

/** The URL without credentials, for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return '(an invalid URL)';
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** True when an error means the database cannot be reached (as opposed to a bad query). */
export function isUnreachable(e: unknown): boolean {
  if (e instanceof SkillError) return e.code === 'STORE_UNAVAILABLE';
  const err = e as { code?: unknown; message?: unknown } | undefined;
  const code = typeof err?.code === 'string' ? err.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
  const message = typeof err?.message === 'string' ? err.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(
    message,
  );
}

export const unavailable = (url: string, cause: unknown) =>
  new SkillError(
    'STORE_UNAVAILABLE',
    `The shared store at ${safeUrl(url)} cannot be reached (${describe(cause)}).`,
    {
      cause,
      hint: `Check that Postgres runs and the URL in "store.url" of config.json or ${URL_ENV} is right.`,
    },
  );

function describe(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? (err.message.split('\n')[0] ?? '') : String(e);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

export interface Database {
  readonly url: string;
  readonly pool: pg.Pool;
  /** A query that turns "unreachable" into STORE_UNAVAILABLE (other errors pass through). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
  /** A connection of its own, outside the pool (LISTEN needs one that stays). */
  client(): pg.Client;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Pool size (default 10). */
  max?: number;
  /** How long a connection attempt may take (default 5 s). */
  connectTimeoutMs?: number;
  onIdleError?: (e: Error) => void;
}

export async function openDatabase(url: string, opts: OpenOptions = {}): Promise<Database> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'openclaw-skill-host',
  });
  // An idle client whose server went away emits here; without a listener it would crash.
  pool.on('error', (e) => opts.onIdleError?.(e));
  const query = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    try {
      return await pool.query<R>(text, values);
    } catch (e) {
      throw isUnreachable(e) ? unavailable(url, e) : e;
    }
  };
  return {
    url,
    pool,
    query,
    client: () =>
      new pgModule.Client({
        connectionString: url,
        connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
        application_name: 'openclaw-skill-host',
      }),
    close: () => pool.end(),
  };
}

/**
 * Runs `fn` again while the database is unreachable, with exponential backoff and jitter, for
 * at most `maxMs` (then the last STORE_UNAVAILABLE is thrown). Other errors end it at once.
 */
export async function retryWhileUnreachable<T>(
  fn: () => Promise<T>,
  opts: { maxMs?: number; baseMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const maxMs = opts.maxMs ?? 30_000;
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!isUnreachable(e) || Date.now() - started >= maxMs) throw e;
      await sleep(backoffMs(attempt, { baseMs: opts.baseMs ?? 100, maxMs: 2_000 }));
    }
  }
}
