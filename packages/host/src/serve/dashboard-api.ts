// The dashboard's routes under /api (besides the control API's own, which it also uses):
// the session exchange, the event stream, approvals, a richer skill view, enable/disable,
// and accounts (connect through the browser, disconnect with revocation). The HTTP gate has
// already checked Host, Origin, the token or session (with CSRF) and the body size.
import { shadowWarnings } from '../catalog/shadowing.js';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SkillError } from '@openclaw/skill-sdk';
import writeFileAtomic from 'write-file-atomic';
import { skillScopes } from '../auth/manager.js';
import type { SkillRecord } from '../catalog/types.js';
import type { SkillHost } from '../host.js';
import { errorReply, type ApiReply } from './api.js';
import type { ApprovalBroker } from './approvals.js';
import type { DashboardSessions, SessionReply } from './dashboard-session.js';
import { viewAccounts, viewSkill } from './dashboard-view.js';
import type {
  AccountsReply,
  ApprovalsEvent,
  AuthEvent,
  DashboardSkillsReply,
  LoginStartReply,
  LogoutReply,
} from './dashboard-replies.js';
import type { EventStreams } from './events-stream.js';
import { trustByName } from './skill-trust.js';
import type { Caller } from './http.js';

export interface DashboardDeps {
  host: SkillHost;
  broker: ApprovalBroker;
  streams: EventStreams;
  sessions: DashboardSessions;
  configFile: string;
  /** The login's consent and connected-client routes, when serve offers the login. */
  logins?: (method: string, path: string, body: unknown) => Promise<ApiReply | undefined>;
  /** This serve's base URL (`http://127.0.0.1:<port>`). */
  baseUrl(): string;
  warn(message: string, err?: unknown): void;
}

const APPROVAL_PATH = /^\/approvals\/([^/]+)$/;
const TOGGLE_PATH = /^\/dashboard\/skills\/([^/]+)\/(enable|disable)$/;
/** How long a connect started from the page may wait for the provider's redirect. */
const LOGIN_TIMEOUT_MS = 10 * 60_000;

const fail = (status: number, code: string, message: string): ApiReply => ({
  status,
  body: { error: { code, message } },
});

const object = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/**
 * Answers a dashboard route, or returns undefined for a path it does not own. The event
 * stream writes to `res` itself and returns 'streaming'.
 */
export interface DashboardRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path below /api. */
  path: string;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
  caller: Caller;
}

export async function handleDashboardApi(
  r: DashboardRequest,
  deps: DashboardDeps,
): Promise<ApiReply | 'streaming' | undefined> {
  const { req, res, path, body } = r;
  const method = req.method ?? 'GET';
  const { host, broker, sessions } = deps;
  try {
    const loginRoute = deps.logins && (await deps.logins(method, path, body));
    if (loginRoute) return loginRoute;
    if (path === '/session') return session(r, sessions);
    if (path === '/events' && method === 'GET') {
      const left = broker.viewerJoined();
      deps.streams.open(
        res,
        [
          ['approvals', { pending: broker.pending() }],
          ['catalog', { version: host.snapshot().version }],
        ],
        left,
      );
      return 'streaming';
    }
    if (path === '/approvals' && method === 'GET')
      return { status: 200, body: { pending: broker.pending() } satisfies ApprovalsEvent };
    const ap = APPROVAL_PATH.exec(path);
    if (ap) {
      if (method !== 'POST')
        return fail(405, 'METHOD_NOT_ALLOWED', `${method} /api${path} is not a route; use POST.`);
      const answer = object(body).answer;
      if (answer !== 'once' && answer !== 'always' && answer !== 'deny')
        return fail(400, 'USAGE', 'The body must be { "answer": "once" | "always" | "deny" }.');
      if (!broker.answer(decodeURIComponent(ap[1]!), answer))
        return fail(404, 'NOT_FOUND', 'That call is no longer waiting for approval.');
      return { status: 200, body: { answered: answer } };
    }
    if (path === '/dashboard/skills' && method === 'GET')
      return { status: 200, body: await skills(host) };
    const tg = TOGGLE_PATH.exec(path);
    if (tg && method === 'POST') {
      const name = decodeURIComponent(tg[1]!);
      if (!host.snapshot().byName.has(name))
        throw new SkillError('SKILL_NOT_FOUND', `No skill named "${name}".`);
      await setEnabled(deps.configFile, name, tg[2] === 'enable');
      const snapshot = await host.rescan();
      return {
        status: 200,
        body: { name, status: snapshot.byName.get(name)?.status, version: snapshot.version },
      };
    }
    if (path === '/dashboard/accounts' && method === 'GET')
      return { status: 200, body: { accounts: await accounts(host) } satisfies AccountsReply };
    if (path === '/dashboard/auth/login' && method === 'POST') return await login(body, deps);
    if (path === '/dashboard/auth/logout' && method === 'POST') return await logout(body, deps);
    return undefined;
  } catch (e) {
    return errorReply(e);
  }
}

/** `/api/session`: sign a browser in with the bearer token, or read its CSRF token. */
function session(r: DashboardRequest, sessions: DashboardDeps['sessions']): ApiReply {
  const { req, res, caller } = r;
  const method = req.method ?? 'GET';
  if (method === 'POST') {
    if (caller !== 'token')
      return fail(
        401,
        'UNAUTHORIZED',
        'Signing in needs the bearer token kept in serve-token of the host home; open the page with `openclaw-skill dashboard`.',
      );
    const { id, csrf } = sessions.create();
    res.setHeader('set-cookie', sessions.setCookie(id));
    return { status: 200, body: { csrf } satisfies SessionReply };
  }
  if (method === 'GET') {
    const s = sessions.find(req.headers.cookie);
    if (!s) return fail(401, 'UNAUTHORIZED', 'This browser is not signed in.');
    return { status: 200, body: { csrf: s.csrf } satisfies SessionReply };
  }
  return fail(405, 'METHOD_NOT_ALLOWED', `${method} /api/session is not a route; use GET, POST.`);
}

/** `/api/dashboard/auth/logout`: disconnect a skill's accounts (revoking at the provider). */
async function logout(body: unknown, deps: DashboardDeps): Promise<ApiReply> {
  const { host } = deps;
  const b = object(body);
  const skill = str(b.skill);
  if (!skill)
    return fail(400, 'USAGE', 'The body needs "skill" (and may name "provider", "account").');
  const results = await host.auth.logout({
    skill,
    ...(str(b.provider) && { provider: str(b.provider)! }),
    ...(str(b.account) && { account: str(b.account)! }),
  });
  deps.streams.send('auth', { skill, disconnected: results.length } satisfies AuthEvent);
  return {
    status: 200,
    body: {
      results: results.map((r) => ({
        grant: r.grant.id,
        revoked: r.revoked,
        ...(r.error && { error: r.error }),
      })),
    } satisfies LogoutReply,
  };
}

async function skills(host: SkillHost): Promise<DashboardSkillsReply> {
  const out = [];
  const shadows = shadowWarnings(host.skills);
  const trust = await trustByName(host);
  for (const s of host.skills) {
    if (s.source.kind === 'builtin') continue;
    let login: string | undefined;
    if (s.status === 'ready' && !s.shadowedBy && s.manifest?.auth) {
      const needs = await host.auth.needsLogin(s);
      login = needs[0]?.command;
    }
    const view = viewSkill(s, host.config, login, trust.get(s.name));
    const warnings = shadows.get(s.dir);
    out.push(warnings ? { ...view, shadowWarnings: warnings.map((w) => w.message) } : view);
  }
  return { version: host.snapshot().version, skills: out };
}

async function accounts(host: SkillHost) {
  const needs = new Map<string, { key: string; missing: string[] }[]>();
  for (const s of host.skills) {
    if (s.shadowedBy || !s.manifest?.auth) continue;
    needs.set(s.name, await host.auth.needsLogin(s));
  }
  return viewAccounts(host.skills, await host.auth.list(), needs, (s, key) => skillScopes(s, key));
}

/** Starts the code flow and answers with the authorize URL; the login finishes on its own. */
async function login(body: unknown, deps: DashboardDeps): Promise<ApiReply> {
  const b = object(body);
  const skillName = str(b.skill);
  const key = str(b.key);
  if (!skillName || !key)
    return fail(400, 'USAGE', 'The body needs "skill" and "key" (the manifest auth key).');
  const record: SkillRecord | undefined = deps.host.snapshot().byName.get(skillName);
  if (!record) throw new SkillError('SKILL_NOT_FOUND', `No skill named "${skillName}".`);
  const entry = record.manifest?.auth?.[key];
  const provider = entry?.type === 'oauth2' ? entry.provider : key;
  const url = await new Promise<string>((resolve, reject) => {
    deps.host.auth
      .login(record, {
        key,
        flow: 'code',
        onUrl: (u) => resolve(u),
        doneUrl: `${deps.baseUrl()}/#accounts`,
        timeoutMs: LOGIN_TIMEOUT_MS,
      })
      .then(
        (grant: { account?: string } | undefined) =>
          deps.streams.send('auth', {
            skill: skillName,
            provider,
            connected: grant?.account ?? 'default',
          } satisfies AuthEvent),
        (e: unknown) => {
          reject(e); // before the URL: the request fails; after it, this is a no-op
          deps.warn(`Connecting ${skillName} to ${provider} failed.`, e);
          deps.streams.send('auth', {
            skill: skillName,
            provider,
            error: e instanceof Error ? e.message : String(e),
          } satisfies AuthEvent);
        },
      );
  });
  return { status: 200, body: { url } satisfies LoginStartReply };
}

/** Sets `skills.<name>.enabled` in config.json, keeping everything else in it. */
async function setEnabled(configFile: string, name: string, enabled: boolean): Promise<void> {
  let config: Record<string, unknown> = {};
  try {
    config = JSON.parse(await readFile(configFile, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new SkillError(
        'USAGE',
        `${configFile} is not valid JSON; fix it before changing skills here.`,
      );
  }
  const skillsMap = object(config.skills);
  skillsMap[name] = { ...object(skillsMap[name]), enabled };
  config.skills = skillsMap;
  await writeFileAtomic(configFile, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
}
