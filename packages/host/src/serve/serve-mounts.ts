// What serve answers over HTTP besides MCP: the control API (with the dashboard's routes when
// the dashboard is served) and the dashboard's static files.
import type { Logger } from '@openclaw/skill-sdk';
import type { SkillHost } from '../host.js';
import { handleApi } from './api.js';
import type { ApprovalBroker } from './approvals.js';
import type { CallTracker } from './calls.js';
import { handleDashboardApi, type DashboardDeps } from './dashboard-api.js';
import { createDashboardFiles } from './dashboard-static.js';
import type { EventStreams } from './events-stream.js';
import { sendJson, type Mount } from './http.js';

export interface ApiMountContext {
  host: SkillHost;
  calls: CallTracker;
  logger: Logger;
  mcpMode: 'http' | 'stdio';
  configFile: string;
  auditFile: string;
  streams: EventStreams;
  /** With the dashboard: its approvals and browser sessions (and the login's routes). */
  dashboard?: {
    broker: ApprovalBroker;
    sessions: DashboardDeps['sessions'];
    logins?: DashboardDeps['logins'];
  };
  /** The port serve listens on (known once it listens). */
  port(): number;
}

/** `/api`: the dashboard's routes first (when served), then the control API. */
export function apiMount(c: ApiMountContext): Mount {
  return {
    prefix: '/api',
    ...(c.dashboard && { access: 'token-or-session' as const }),
    handle: async ({ req, res, body, url, caller }) => {
      const path = url.pathname.slice('/api'.length);
      if (c.dashboard) {
        const dash = await handleDashboardApi(
          { req, res, path, body, caller },
          {
            host: c.host,
            broker: c.dashboard.broker,
            streams: c.streams,
            sessions: c.dashboard.sessions,
            ...(c.dashboard.logins && { logins: c.dashboard.logins }),
            configFile: c.configFile,
            baseUrl: () => `http://127.0.0.1:${c.port()}`,
            warn: (message, err) => c.logger.warn({ err }, message),
          },
        );
        if (dash === 'streaming') return;
        if (dash) return sendJson(res, dash.status, dash.body);
      }
      const reply = await handleApi(
        { method: req.method ?? 'GET', path, query: url.searchParams, body },
        { host: c.host, auditFile: c.auditFile, about: () => about(c) },
      );
      sendJson(res, reply.status, reply.body);
    },
  };
}

function about(c: ApiMountContext) {
  return {
    name: 'openclaw-skill serve',
    pid: process.pid,
    home: c.host.home,
    mcp: c.mcpMode,
    catalogVersion: c.host.snapshot().version,
    callsInFlight: c.calls.running,
    dashboard: Boolean(c.dashboard),
    ...(c.dashboard && { dashboardPages: c.dashboard.broker.viewers }),
  };
}

/** `/`: the dashboard's built page and assets (no data in them, so anyone past the gate). */
export function dashboardFilesMount(dir: string): Mount {
  const files = createDashboardFiles(dir);
  return {
    prefix: '/',
    access: 'public',
    handle: ({ req, res, url, caller }) => files(req.method ?? 'GET', url.pathname, caller, res),
  };
}
