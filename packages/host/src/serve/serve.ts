// startServe: the host as a long-running service on 127.0.0.1. One HTTP
// server carries the control API and, with `transport: 'http'`, MCP at /mcp; with `transport: 'stdio'`
// MCP goes over stdin/stdout and the control API still listens. serve.json tells other
// processes where it is and holds the token.
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { SkillError, type Logger } from '@openclaw/skill-sdk';
import type { Logger as PinoLogger } from 'pino';
import { createSkillHost, type SkillHost, type SkillHostOptions } from '../host.js';
import { lazyLogger, loadPino } from '../lazy.js';
import { hostPaths, resolveHome } from '../paths.js';
import { watch as watchFs, type FSWatcher } from 'node:fs';
import { handleApi } from './api.js';
import { ApprovalBroker, firstAnswer } from './approvals.js';
import { CallTracker } from './calls.js';
import { handleDashboardApi } from './dashboard-api.js';
import { createDashboardSessions } from './dashboard-session.js';
import { createDashboardFiles } from './dashboard-static.js';
import { EventStreams } from './events-stream.js';
import { DEFAULT_MAX_BODY_BYTES } from './guard.js';
import { createServeHttp, sendJson, type Mount, type ServeTimeouts } from './http.js';
import { createMcpHttp } from './mcp-http.js';
import { createModernHttp } from './mcp-modern.js';
import { createMcpServer } from './mcp-server.js';
import {
  pidAlive,
  readServeFile,
  removeServeFile,
  writeServeFile,
  type ServeInfo,
} from './serve-file.js';
import { serveToken, serveTokenPath } from './serve-token.js';
import { createServeLogin, type ServeLoginOptions } from './oauth/login.js';
import { join } from 'node:path';
import { serveStdioEras, type StdioEras } from './stdio-eras.js';

export const DEFAULT_DRAIN_MS = 10_000;

export interface ServeOptions extends SkillHostOptions {
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Where MCP goes: `/mcp` on the HTTP server (default), or stdin/stdout. */
  transport?: 'http' | 'stdio';
  /** Rescan when skill folders or config.json change (default true). */
  watch?: boolean;
  /** Streams for `transport: 'stdio'` (default: process.stdin / process.stdout). */
  stdin?: Readable;
  stdout?: Writable;
  /** Largest request body accepted (default 1 MiB); a larger Content-Length is refused at once. */
  maxBodyBytes?: number;
  /** How long a client may take to send its headers and its request (slow ones are dropped). */
  timeouts?: ServeTimeouts;
  /** How long a shutdown waits for calls in flight before aborting them (default 10 s). */
  drainMs?: number;
  /**
   * Serve the dashboard at `/` from this folder of prebuilt files (the CLI ships one). With
   * it, calls needing approval wait for an answer from an open dashboard page.
   */
  dashboard?: { dir: string };
  /**
   * Replace the token kept in `<home>/serve-token` (clients configured with the old one are
   * refused from then on). Without it, serve reuses the kept token across restarts.
   */
  newToken?: boolean;
  /**
   * The login for MCP clients (OAuth on loopback, consent on the dashboard); on by default
   * when the dashboard is served. `false` turns it off: only the static token is accepted.
   */
  login?: false | Pick<ServeLoginOptions, 'accessTtlMs' | 'now' | 'fetch'>;
}

export interface RunningServe {
  readonly host: SkillHost;
  /** Where the control API listens; absent for a stdio serve that found another serve running. */
  readonly info?: ServeInfo;
  /** The HTTP URL of MCP (`<url>/mcp`), when MCP is served over HTTP. */
  readonly mcpUrl?: string;
  /** Whether the dashboard is served at `<url>/`. */
  readonly dashboard: boolean;
  /** Stop accepting, finish calls in flight (bounded), flush the audit log, remove serve.json. */
  close(): Promise<void>;
  /** Resolves once serve has closed (after close(), or when the stdio client went away). */
  readonly closed: Promise<void>;
}

export async function startServe(opts: ServeOptions = {}): Promise<RunningServe> {
  const env = opts.env ?? process.env;
  const home = resolveHome({ ...opts, env });
  const mcpMode = opts.transport ?? 'http';
  const existing = readServeFile(home);
  const other = existing && existing.pid !== process.pid && pidAlive(existing.pid);
  // MCP clients spawn a stdio serve each (Claude Desktop and Cursor at once is normal): one
  // that finds a serve already running leaves the control API and serve.json to it, and sees
  // that serve's installs through the watched store.
  const controlApi = !(other && mcpMode === 'stdio');
  if (other && controlApi) {
    throw new SkillError(
      'SERVE_UNAVAILABLE',
      `A serve is already running for ${home} (pid ${existing.pid}, ${existing.url}).`,
      { hint: 'Use that one, stop it first, or pass another --home.' },
    );
  }
  const logger = opts.logger ?? stderrLogger(env);
  const broker = opts.dashboard ? new ApprovalBroker() : undefined;
  // With the dashboard, the broker is the host's approval handler (library calls included);
  // a handler the embedding code passed is asked too, and the first answer wins.
  const libraryApprove = opts.approve;
  const approve = broker
    ? libraryApprove
      ? firstAnswer(async (req) => libraryApprove(req), broker.ask)
      : (req: Parameters<ApprovalBroker['ask']>[0]) => broker.ask(req)
    : libraryApprove;
  const host = await createSkillHost({ ...opts, logger, ...(approve && { approve }) });
  const paths = hostPaths(host.home);
  // A stdio serve that leaves the control API to another one listens nowhere: no token.
  const token = controlApi
    ? await keptToken(home, opts.newToken, logger).catch(async (e: unknown) => {
        await host.close();
        throw e;
      })
    : randomBytes(32).toString('base64url');
  const calls = new CallTracker();
  const stdioSession = `stdio-${process.pid}`;
  const newServer = () =>
    createMcpServer({
      host,
      calls,
      configFile: paths.config,
      sessionId: (sid) => sid ?? stdioSession,
      ...(broker && { broker }),
    });
  const mcpHttp =
    mcpMode === 'http'
      ? createMcpHttp(newServer, createModernHttp({ host, calls, configFile: paths.config }))
      : undefined;
  let port = 0;
  const streams = new EventStreams();
  const sessions = opts.dashboard ? createDashboardSessions(() => port) : undefined;
  const dashboardFiles = opts.dashboard ? createDashboardFiles(opts.dashboard.dir) : undefined;
  const login =
    opts.dashboard && controlApi && opts.login !== false
      ? await createServeLogin({
          ...opts.login,
          file: join(host.home, 'serve-logins.json'),
          port: () => port,
        })
      : undefined;
  const apiMount: Mount = {
    prefix: '/api',
    ...(sessions && { access: 'token-or-session' as const }),
    handle: async (req, res, body, url, caller) => {
      const path = url.pathname.slice('/api'.length);
      if (broker && sessions) {
        const dash = await handleDashboardApi(
          { req, res, path, body, caller },
          {
            host,
            broker,
            streams,
            sessions,
            ...(login && { logins: login.dashboard }),
            configFile: paths.config,
            baseUrl: () => `http://127.0.0.1:${port}`,
            warn: (message, err) => logger.warn({ err }, message),
          },
        );
        if (dash === 'streaming') return;
        if (dash) return sendJson(res, dash.status, dash.body);
      }
      const reply = await handleApi(
        { method: req.method ?? 'GET', path, query: url.searchParams, body },
        {
          host,
          auditFile: paths.audit,
          about: () => ({
            name: 'openclaw-skill serve',
            pid: process.pid,
            home: host.home,
            mcp: mcpMode,
            catalogVersion: host.snapshot().version,
            callsInFlight: calls.running,
            dashboard: Boolean(opts.dashboard),
            ...(broker && { dashboardPages: broker.viewers }),
          }),
        },
      );
      sendJson(res, reply.status, reply.body);
    },
  };
  const http = createServeHttp({
    token,
    tokenFile: serveTokenPath(home),
    maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    ...(opts.timeouts && { timeouts: opts.timeouts }),
    onError: (e) => logger.error({ err: e }, 'serve failed on a request.'),
    ...(sessions && { sessions }),
    ...(login && { login: login.tokens }),
    mounts: [
      ...(mcpHttp ? [{ prefix: '/mcp', login: Boolean(login), handle: mcpHttp.handle }] : []),
      ...(login?.mounts ?? []),
      apiMount,
      ...(dashboardFiles
        ? [
            {
              prefix: '/',
              access: 'public' as const,
              handle: (req, res, _body, url, caller) =>
                dashboardFiles(req.method ?? 'GET', url.pathname, caller, res),
            } satisfies Mount,
          ]
        : []),
    ],
  });

  // The dashboard's live updates: catalog changes, pending approvals, new audit lines.
  const onCatalog = (snapshot: { version: number }) =>
    streams.send('catalog', { version: snapshot.version });
  let auditWatch: FSWatcher | undefined;
  if (broker) {
    host.on('change', onCatalog);
    broker.onChange((pending) => streams.send('approvals', { pending }));
  }

  /** New audit lines, for the Activity page (the home exists once serve.json is written). */
  const watchAudit = () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      auditWatch = watchFs(host.home, (_event, name) => {
        if (name !== 'audit.jsonl' || streams.size === 0) return;
        clearTimeout(timer);
        timer = setTimeout(() => streams.send('audit', {}), 100);
      });
      auditWatch.on('error', () => auditWatch?.close());
    } catch (e) {
      logger.warn({ err: e }, 'Not watching the audit log; the Activity page updates on reload.');
    }
  };

  let info: ServeInfo | undefined;
  if (controlApi) {
    try {
      port = await http.listen(opts.port ?? 0);
      const url = `http://127.0.0.1:${port}`;
      info = { url, port, token, pid: process.pid, mcp: mcpMode };
    } catch (e) {
      await host.close();
      throw e;
    }
  }

  let stdio: StdioEras | undefined;
  let watcher: { close(): Promise<void> } | undefined;
  let closing: Promise<void> | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));

  const close = (): Promise<void> =>
    (closing ??= (async () => {
      // Event streams never go idle: end them, and deny what still waits for a page.
      streams.close();
      broker?.close();
      auditWatch?.close();
      host.off('change', onCatalog);
      const stopped = info ? http.stopAccepting() : Promise.resolve();
      const finished = await calls.drain(opts.drainMs ?? DEFAULT_DRAIN_MS);
      if (!finished) logger.warn('serve stopped calls still running at the shutdown bound.');
      await watcher?.close();
      await mcpHttp?.close();
      await stdio?.close();
      http.drop();
      await stopped;
      await host.close(); // flushes the audit log
      if (info) await removeServeFile(host.home, process.pid);
      resolveClosed();
    })());

  try {
    if (info) await writeServeFile(host.home, info);
    if (broker && info) watchAudit();
    if (mcpMode === 'stdio') {
      // The first message picks the protocol era of the connection.
      stdio = serveStdioEras({
        host,
        calls,
        configFile: paths.config,
        stdin: opts.stdin ?? process.stdin,
        stdout: opts.stdout ?? process.stdout,
        legacy: newServer,
      });
      // The client closing stdin ends the session, and with it this serve.
      (opts.stdin ?? process.stdin).once('end', () => void close());
    }
    if (opts.watch !== false) watcher = await host.watch();
    // A library host starts MCP servers on first use; a serve offers their tools from the
    // start (each server's tools arrive with a catalog change, hence list_changed).
    if (host.mcp.servers().length > 0)
      host.mcp
        .start()
        .catch((e: unknown) => logger.warn({ err: e }, 'Starting MCP servers failed.'));
  } catch (e) {
    await close();
    throw e;
  }

  return {
    host,
    ...(info && { info }),
    ...(mcpHttp && info && { mcpUrl: `${info.url}/mcp` }),
    dashboard: Boolean(opts.dashboard && info),
    close,
    closed,
  };
}

/** Logs go to stderr: stdout is the MCP channel over stdio. */
function stderrLogger(env: NodeJS.ProcessEnv): PinoLogger {
  return lazyLogger(() => {
    const { pino } = loadPino();
    return pino(
      { name: 'skill-serve', level: env.OPENCLAW_SKILLS_LOG_LEVEL ?? 'warn' },
      pino.destination({ dest: 2, sync: true }),
    );
  });
}

async function keptToken(
  home: string,
  rotate: boolean | undefined,
  logger: Logger,
): Promise<string> {
  const file = serveTokenPath(home);
  const { token, made } = await serveToken(file, rotate).catch((e: unknown) => {
    throw new SkillError(
      'SERVE_UNAVAILABLE',
      `Cannot keep the serve token in ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
      { hint: 'Make the home folder writable, or pass another --home.' },
    );
  });
  if (made === 'unsafe' || made === 'invalid') {
    logger.warn(
      { file },
      made === 'unsafe'
        ? `${file} was not a file only you can read and write (0600); serve made a new token. Paste the new client config into your MCP clients.`
        : `${file} did not hold a serve token; serve made a new one. Paste the new client config into your MCP clients.`,
    );
  }
  return token;
}
