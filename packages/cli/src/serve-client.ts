// Commands that change or read the skills of a home (install, update, remove, rollback, list)
// act on the running serve for that home when there is one, so the agent using it sees the
// change at once; otherwise they act on the home directly. A serve counts as running when
// serve.json is there, its pid is alive and its token works.
import { resolve } from 'node:path';
import { ERROR_CODES, isSkillError, SkillError, type ErrorCode } from '@openclaw/skill-sdk';
import type { InstallResult, InstallSummary } from '@openclaw/skill-host';
import {
  pidAlive,
  readServeFile,
  resolveHome,
  type ListEntry,
  type ServeInfo,
} from '@openclaw/skill-host/internal';
import { userHomeOf } from './host.js';
import type { Io } from './io.js';
import type { GlobalOptions } from './options.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

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
  const userHome = userHomeOf(io);
  return resolveHome({
    ...(opts.home && { home: resolve(io.cwd, opts.home) }),
    ...(userHome && { userHome }),
    env: io.env,
  });
}

interface ServeRequest {
  method: string;
  /** Below /api. */
  path: string;
  /** Sent as JSON when defined. */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

async function call(info: ServeInfo, r: ServeRequest): Promise<ServeReply> {
  const { method, path, body, signal } = r;
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
    const probe = await call(info, {
      method: 'GET',
      path: '',
      signal: AbortSignal.timeout(PROBE_MS),
    });
    if (probe.status !== 200) return undefined;
  } catch {
    return undefined;
  }
  return {
    info,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      let reply: ServeReply;
      try {
        reply = await call(info, { method, path, body });
      } catch (e) {
        throw new SkillError(
          'SERVE_UNAVAILABLE',
          `The running serve (${info.url}) did not answer: ${messageOf(e)}.`,
          {
            hint: 'Check that serve is still running, or stop it and run the command again.',
          },
        );
      }
      if (reply.status >= 200 && reply.status < 300) return reply.body as T;
      const err = (
        reply.body as {
          error?: {
            code?: string;
            message?: string;
            hint?: string;
            details?: Record<string, unknown>;
          };
        }
      )?.error;
      const code = ERROR_CODES.includes(err?.code as ErrorCode)
        ? (err!.code as ErrorCode)
        : 'INTERNAL';
      throw new SkillError(
        code,
        err?.message ?? `The running serve answered ${reply.status} to ${method} /api${path}.`,
        { ...(err?.hint && { hint: err.hint }), ...(err?.details && { details: err.details }) },
      );
    },
  };
}

export interface RemoteInstallOptions {
  yes?: boolean;
  registry?: string;
  allowLocalDeps?: boolean;
  /** `update --latest`: leave the installed range for the registry's latest. */
  latest?: boolean;
  /** Shows the summary and asks the user (the CLI's terminal prompt). */
  consent?: (summary: InstallSummary) => Promise<boolean>;
}

/** A consent refusal from serve that carries the summary to show. */
function summaryOf(e: unknown): InstallSummary | undefined {
  if (!isSkillError(e) || e.code !== 'APPROVAL_REQUIRED') return undefined;
  return e.details?.summary as InstallSummary | undefined;
}

/**
 * Installs or updates through the running serve: the first request stops at consent and
 * brings back the summary; once the user agrees, the second names its integrity, so what is
 * installed is exactly what they saw.
 */
async function withConsent<T>(
  send: (body: Record<string, unknown>) => Promise<T>,
  opts: RemoteInstallOptions,
): Promise<T> {
  const base = {
    ...(opts.registry && { registry: opts.registry }),
    ...(opts.allowLocalDeps && { allowLocalDeps: true }),
    ...(opts.latest && { latest: true }),
  };
  if (opts.yes) return send({ ...base, yes: true });
  try {
    return await send(base);
  } catch (e) {
    const summary = summaryOf(e);
    if (!summary) throw e;
    if (!opts.consent) {
      throw new SkillError(
        'APPROVAL_REQUIRED',
        `Installing ${summary.name}@${summary.version} needs consent and there is no terminal to ask; nothing was installed.`,
        { hint: 'Run it in a terminal, or pass --yes to accept.' },
      );
    }
    if (!(await opts.consent(summary))) {
      throw new SkillError(
        'APPROVAL_DENIED',
        `Install of ${summary.name}@${summary.version} declined; nothing was installed.`,
      );
    }
    return send({ ...base, integrity: summary.integrity });
  }
}

const skillPath = (name: string) => `/skills/${encodeURIComponent(name)}`;

export function installViaServe(
  serve: ServeClient,
  spec: string,
  opts: RemoteInstallOptions = {},
): Promise<InstallResult> {
  return withConsent(
    (body) => serve.request<InstallResult>('POST', '/skills', { spec, ...body }),
    opts,
  );
}

/** One skill, or every skill installed from npm when `name` is absent. */
export async function updateViaServe(
  serve: ServeClient,
  name: string | undefined,
  opts: RemoteInstallOptions = {},
): Promise<InstallResult[]> {
  const names = name
    ? [name]
    : (await serve.request<{ skills: ListEntry[] }>('GET', '/skills')).skills
        .filter((s) => s.source === 'store' && !s.shadowedBy)
        .map((s) => s.name);
  const results: InstallResult[] = [];
  for (const n of names) {
    results.push(
      ...(await withConsent(
        (body) => serve.request<InstallResult[]>('POST', `${skillPath(n)}/update`, body),
        opts,
      )),
    );
  }
  return results;
}

export const removeViaServe = (
  serve: ServeClient,
  name: string,
  opts: { purge?: boolean } = {},
): Promise<InstallResult> =>
  serve.request<InstallResult>('DELETE', skillPath(name), opts.purge ? { purge: true } : undefined);

export const rollbackViaServe = (
  serve: ServeClient,
  name: string,
  opts: { to?: string } = {},
): Promise<InstallResult> =>
  serve.request<InstallResult>(
    'POST',
    `${skillPath(name)}/rollback`,
    opts.to ? { to: opts.to } : undefined,
  );

/** The stderr line a command prints when it acts through the running serve. */
export const throughServe = (serve: ServeClient): string =>
  `Through the running serve for this home (pid ${serve.info.pid}, ${serve.info.url}):\n`;
