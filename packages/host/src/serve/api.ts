// The control API under /api: what the CLI, doctor and the dashboard use to
// act on a running serve. Handlers take plain data and return { status, body }; the HTTP
// layer has already checked Host, Origin, the token and the body size.
import { isSkillError, SkillError, type ErrorCode } from '@openclaw/skill-sdk';
import { listEntries } from '../catalog/entries.js';
import type { SkillHost } from '../host.js';
import type { InstallOptions } from '../install/types.js';
import { auditTail, MAX_TAIL } from './audit-tail.js';

export interface ApiReply {
  status: number;
  body: unknown;
}

/** The body of every refusal: `{ error: ApiErrorBody }`. */
export interface ApiErrorBody {
  /** A code from the SDK's list (`SKILL_NOT_FOUND`, `APPROVAL_REQUIRED`, ...). */
  code: string;
  message: string;
  /** What to run or change about it, in one line. */
  hint?: string | undefined;
  /** Extra data some refusals carry (the install summary for consent, say). */
  details?: Record<string, unknown> | undefined;
}

export interface ApiRequest {
  method: string;
  /** The path after `/api`, e.g. `/skills/gmail/update`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface ApiDeps {
  host: SkillHost;
  auditFile: string;
  /** About this serve, for `GET /api`. */
  about: () => Record<string, unknown>;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  SKILL_NOT_FOUND: 404,
  TOOL_NOT_FOUND: 404,
  USAGE: 400,
  INVALID_INPUT: 400,
  APPROVAL_REQUIRED: 409,
  APPROVAL_DENIED: 409,
  POLICY_DENIED: 403,
  INTERNAL: 500,
};

export function errorReply(e: unknown): ApiReply {
  if (isSkillError(e)) {
    return { status: STATUS[e.code] ?? 422, body: { error: e.toJSON() } };
  }
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'serve failed on this request; see its log.' } },
  };
}

const fail = (status: number, code: string, message: string, hint?: string): ApiReply => ({
  status,
  body: { error: { code, message, ...(hint && { hint }) } },
});

function options(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new SkillError('USAGE', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * Consent over HTTP, in two requests: without `yes` or `integrity` the install stops at
 * consent and the reply carries the summary (what the package is, may reach and asks for);
 * the client shows it, and on the user's yes sends the same request again with the
 * summary's `integrity`, which must still match what would be installed.
 */
function consentOptions(opts: Record<string, unknown>): InstallOptions {
  const registry = {
    ...(typeof opts.registry === 'string' && { registry: opts.registry }),
    ...(opts.allowLocalDeps === true && { allowLocalDeps: true }),
    ...(opts.latest === true && { latest: true }),
  };
  if (opts.yes === true) return { ...registry, yes: true };
  const approved = typeof opts.integrity === 'string' ? opts.integrity : undefined;
  return {
    ...registry,
    consent: async (summary) => {
      if (approved === undefined) {
        throw new SkillError(
          'APPROVAL_REQUIRED',
          `Installing ${summary.name}@${summary.version} needs consent; nothing was installed.`,
          {
            hint: 'Show the summary to the user; on yes, send the request again with "integrity" from it (or "yes": true).',
            details: { summary },
          },
        );
      }
      if (summary.integrity !== approved) {
        throw new SkillError(
          'APPROVAL_REQUIRED',
          `${summary.name}@${summary.version} is not the package that was approved (its contents changed); nothing was installed.`,
          { hint: 'Run the command again and review the new summary.', details: { summary } },
        );
      }
      return true;
    },
  };
}

const SKILL_PATH = /^\/skills\/([^/]+)(?:\/(update|rollback))?$/;

export async function handleApi(req: ApiRequest, deps: ApiDeps): Promise<ApiReply> {
  const { host } = deps;
  const { method, path } = req;
  try {
    if (path === '' || path === '/') {
      if (method !== 'GET') return methodNotAllowed(method, path, 'GET');
      return { status: 200, body: deps.about() };
    }
    if (path === '/skills') {
      if (method === 'GET') {
        const version = host.snapshot().version;
        const builtin = req.query.get('builtin') === '1';
        return { status: 200, body: { version, skills: await listEntries(host, { builtin }) } };
      }
      if (method === 'POST') {
        const { spec, ...opts } = options(req.body);
        if (typeof spec !== 'string' || spec.trim() === '')
          return fail(
            400,
            'USAGE',
            'POST /api/skills needs a JSON body { "spec": "<npm name, tarball or folder>" }.',
          );
        return { status: 200, body: await host.install(spec, consentOptions(opts)) };
      }
      return methodNotAllowed(method, path, 'GET, POST');
    }
    const m = SKILL_PATH.exec(path);
    if (m) {
      const name = decodeURIComponent(m[1]!);
      const action = m[2];
      const opts = options(req.body);
      if (!action) {
        if (method !== 'DELETE') return methodNotAllowed(method, path, 'DELETE');
        return { status: 200, body: await host.remove(name, { purge: opts.purge === true }) };
      }
      if (method !== 'POST') return methodNotAllowed(method, path, 'POST');
      if (action === 'rollback') {
        const to = typeof opts.to === 'string' ? opts.to : undefined;
        return { status: 200, body: await host.rollback(name, { ...(to && { to }) }) };
      }
      return { status: 200, body: await host.update(name, consentOptions(opts)) };
    }
    if (path === '/auth') {
      if (method !== 'GET') return methodNotAllowed(method, path, 'GET');
      // The shape of `openclaw-skill auth status --json`: grants hold no token.
      const grants = await host.auth.list();
      const needsLogin = [];
      for (const s of host.skills) {
        if (s.shadowedBy || s.status !== 'ready') continue;
        for (const n of await host.auth.needsLogin(s)) needsLogin.push({ skill: s.name, ...n });
      }
      return { status: 200, body: { grants, needsLogin } };
    }
    if (path === '/audit') {
      if (method !== 'GET') return methodNotAllowed(method, path, 'GET');
      const raw = req.query.get('tail') ?? '50';
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0 || n > MAX_TAIL)
        return fail(
          400,
          'USAGE',
          `tail must be a whole number from 0 to ${MAX_TAIL}, not ${JSON.stringify(raw)}.`,
        );
      return { status: 200, body: { entries: await auditTail(deps.auditFile, n) } };
    }
    return fail(404, 'NOT_FOUND', `No route ${method} /api${path}.`);
  } catch (e) {
    return errorReply(e);
  }
}

function methodNotAllowed(method: string, path: string, allowed: string): ApiReply {
  return fail(405, 'METHOD_NOT_ALLOWED', `${method} /api${path} is not a route; use ${allowed}.`);
}
