// The control API under /api (DESIGN.md 13): what the CLI, doctor and the dashboard use to
// act on a running serve. Handlers take plain data and return { status, body }; the HTTP
// layer has already checked Host, Origin, the token and the body size.
import { isSkillError, SkillError, type ErrorCode } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { SkillHost } from '../host.js';
import { auditTail, MAX_TAIL } from './audit-tail.js';

export interface ApiReply {
  status: number;
  body: unknown;
}

export interface ApiRequest {
  method: string;
  /** The path after `/api`, e.g. `/skills/gmail/update`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the installer adds to a host (feature-detected until every host has it). */
interface InstallerMethods {
  install(spec: string, opts?: Record<string, unknown>): Promise<unknown>;
  update(name?: string, opts?: Record<string, unknown>): Promise<unknown>;
  remove(name: string, opts?: Record<string, unknown>): Promise<unknown>;
  rollback(name: string, opts?: Record<string, unknown>): Promise<unknown>;
}

export interface ApiDeps {
  host: SkillHost;
  auditFile: string;
  /** About this serve, for `GET /api`. */
  about: () => Record<string, unknown>;
  /** Auth status (the auth manager's), when this host has one. */
  authStatus?: () => Promise<unknown>;
}

/** The `list --json` entry (DESIGN.md 13), shared by the CLI and `GET /api/skills`. */
export function skillEntry(s: SkillRecord) {
  return {
    name: s.name,
    version: s.version,
    status: s.status,
    source: s.source.kind,
    dir: s.dir,
    ...(s.shadowedBy && { shadowedBy: s.shadowedBy }),
    tools: s.tools.map((t) => t.name),
    problems: s.problems.map((p) => ({
      code: p.code,
      message: p.message,
      file: p.file,
      ...(p.line !== undefined && { line: p.line }),
    })),
  };
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  SKILL_NOT_FOUND: 404,
  TOOL_NOT_FOUND: 404,
  USAGE: 400,
  INVALID_INPUT: 400,
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

const notYet = (what: string): ApiReply =>
  fail(
    501,
    'NOT_IMPLEMENTED',
    `This serve's host cannot ${what} yet.`,
    'Stop serve and run the command without it, or update openclaw-skill.',
  );

function installer(host: SkillHost): Partial<InstallerMethods> {
  return host as unknown as Partial<InstallerMethods>;
}

function options(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new SkillError('USAGE', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
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
        const snapshot = host.snapshot();
        return {
          status: 200,
          body: {
            version: snapshot.version,
            skills: snapshot.skills.filter((s) => s.source.kind !== 'builtin').map(skillEntry),
          },
        };
      }
      if (method === 'POST') {
        const { spec, ...opts } = options(req.body);
        if (typeof spec !== 'string' || spec.trim() === '')
          return fail(
            400,
            'USAGE',
            'POST /api/skills needs a JSON body { "spec": "<npm name, tarball or folder>" }.',
          );
        const install = installer(host).install;
        if (!install) return notYet('install skills');
        return { status: 200, body: await install.call(host, spec, opts) };
      }
      return methodNotAllowed(method, path, 'GET, POST');
    }
    const m = SKILL_PATH.exec(path);
    if (m) {
      const name = decodeURIComponent(m[1]!);
      const action = m[2];
      const opts = options(req.body);
      const inst = installer(host);
      if (!action) {
        if (method !== 'DELETE') return methodNotAllowed(method, path, 'DELETE');
        if (!inst.remove) return notYet('remove skills');
        return { status: 200, body: await inst.remove.call(host, name, opts) };
      }
      if (method !== 'POST') return methodNotAllowed(method, path, 'POST');
      const run = action === 'update' ? inst.update : inst.rollback;
      if (!run) return notYet(`${action} skills`);
      return { status: 200, body: await run.call(host, name, opts) };
    }
    if (path === '/auth') {
      if (method !== 'GET') return methodNotAllowed(method, path, 'GET');
      if (!deps.authStatus) return notYet('report auth status');
      return { status: 200, body: await deps.authStatus() };
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
