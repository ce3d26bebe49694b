// Commands that change or read the skills of a home (install, update, remove, rollback, list)
// act on the running serve for that home when there is one, so the agent using it sees the
// change at once; otherwise they act on the home directly. A serve counts as running when
// serve.json is there, its pid is alive and its token works.
import { resolve } from 'node:path';
import { ERROR_CODES, SkillError, type ErrorCode } from '@openclaw/skill-sdk';
import {
  pidAlive,
  readServeFile,
  resolveHome,
  type ServeInfo,
} from '@openclaw/skill-host/internal';
import type { Io } from './io.js';
import type { GlobalOptions } from './options.js';

export interface ServeReply<T = unknown> {
  status: number;
  body: T;
}

export interface ServeClient {
  readonly info: ServeInfo;
  /** A control API request (`path` after `/api`); a non-2xx answer throws a SkillError. */
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

/** How long finding a serve may take: a live serve on loopback answers well within it. */
const PROBE_MS = 2000;

export function homeOf(opts: GlobalOptions, io: Io): string {
  return resolveHome({ ...(opts.home && { home: resolve(io.cwd, opts.home) }), env: io.env });
}

async function call(
  info: ServeInfo,
  method: string,
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<ServeReply> {
  const res = await fetch(`${info.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${info.token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    ...(signal && { signal }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // kept as text for the error below
  }
  return { status: res.status, body: parsed };
}

/** The running serve for this home, or undefined when none answers with its token. */
export async function findServe(home: string): Promise<ServeClient | undefined> {
  const info = readServeFile(home);
  if (!info || !pidAlive(info.pid)) return undefined;
  try {
    const probe = await call(info, 'GET', '', undefined, AbortSignal.timeout(PROBE_MS));
    if (probe.status !== 200) return undefined;
  } catch {
    return undefined;
  }
  return {
    info,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      let reply: ServeReply;
      try {
        reply = await call(info, method, path, body);
      } catch (e) {
        throw new SkillError(
          'SERVE_UNAVAILABLE',
          `The running serve (${info.url}) did not answer: ${(e as Error).message}.`,
          {
            hint: 'Check that serve is still running, or stop it and run the command again.',
          },
        );
      }
      if (reply.status >= 200 && reply.status < 300) return reply.body as T;
      const err = (reply.body as { error?: { code?: string; message?: string; hint?: string } })
        ?.error;
      const code = ERROR_CODES.includes(err?.code as ErrorCode)
        ? (err!.code as ErrorCode)
        : 'INTERNAL';
      throw new SkillError(
        code,
        err?.message ?? `The running serve answered ${reply.status} to ${method} /api${path}.`,
        { ...(err?.hint && { hint: err.hint }) },
      );
    },
  };
}
