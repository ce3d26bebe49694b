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
import type { FSWatcher } from 'node:fs';
import type { ApprovalBroker } from './approvals.js';
import { CallTracker } from './calls.js';
import { createDashboardSessions } from './dashboard-session.js';
import { EventStreams } from './events-stream.js';
import { DEFAULT_MAX_BODY_BYTES } from './guard.js';
import { createServeHttp, type Mount, type ServeTimeouts } from './http.js';
import { createMcpHttp } from './mcp-http.js';
import { createModernHttp } from './mcp-modern.js';
import { createMcpServer } from './mcp-server.js';
import { removeServeFile, writeServeFile, type ServeInfo } from './serve-file.js';
import { apiMount, dashboardFilesMount } from './serve-mounts.js';
import { approvalsFor, ownsControlApi, watchAuditLog } from './serve-parts.js';
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
  const controlApi = ownsControlApi(home, mcpMode);
  const logger = opts.logger ?? stderrLogger(env);
  const { broker, approve } = approvalsFor(Boolean(opts.dashboard), opts.approve);
  const host = await createSkillHost({ ...opts, logger, ...(approve && { approve }) });
  // A stdio serve that leaves the control API to another one listens nowhere: no token.
  const token = controlApi
    ? await keptToken(home, opts.newToken, logger).catch(async (e: unknown) => {
        await host.close();
        throw e;
      })
    : randomBytes(32).toString('base64url');
  const parts = await serveParts({ opts, host, logger, broker, controlApi, token });
  const info = controlApi ? await listen(parts, opts.port) : undefined;
  const s = new ServeLifecycle(parts, info, opts.drainMs ?? DEFAULT_DRAIN_MS);
  try {
    await s.start(opts);
  } catch (e) {
    await s.close();
    throw e;
  }
  return {
    host,
    ...(info && { info }),
    ...(parts.mcpHttp && info && { mcpUrl: `${info.url}/mcp` }),
    dashboard: Boolean(opts.dashboard && info),
    close: () => s.close(),
    closed: s.closed,
  };
}

/** Everything serve runs, built before it listens. */
interface ServeParts {
  host: SkillHost;
  logger: Logger;
  token: string;
  mcpMode: 'http' | 'stdio';
  calls: CallTracker;
  streams: EventStreams;
  broker: ApprovalBroker | undefined;
  mcpHttp: ReturnType<typeof createMcpHttp> | undefined;
  http: ReturnType<typeof createServeHttp>;
  newServer: () => ReturnType<typeof createMcpServer>;
  configFile: string;
  port: { value: number };
}

async function serveParts(p: {
  opts: ServeOptions;
  host: SkillHost;
  logger: Logger;
  broker: ApprovalBroker | undefined;
  controlApi: boolean;
  token: string;
}): Promise<ServeParts> {
  const { opts, host, logger, broker } = p;
  const paths = hostPaths(host.home);
  const mcpMode = opts.transport ?? 'http';
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
  const port = { value: 0 };
  const streams = new EventStreams();
  const sessions = opts.dashboard ? createDashboardSessions(() => port.value) : undefined;
  const login =
    opts.dashboard && p.controlApi && opts.login !== false
      ? await createServeLogin({
          ...opts.login,
          file: join(host.home, 'serve-logins.json'),
          port: () => port.value,
        })
      : undefined;
  const api = apiMount({
    host,
    calls,
    logger,
    mcpMode,
    configFile: paths.config,
    auditFile: paths.audit,
    streams,
    port: () => port.value,
    ...(broker &&
      sessions && {
        dashboard: { broker, sessions, ...(login && { logins: login.dashboard }) },
      }),
  });
  const http = createServeHttp({
    token: p.token,
    tokenFile: serveTokenPath(host.home),
    maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    ...(opts.timeouts && { timeouts: opts.timeouts }),
    onError: (e) => logger.error({ err: e }, 'serve failed on a request.'),
    ...(sessions && { sessions }),
    ...(login && { login: login.tokens }),
    mounts: [
      ...(mcpHttp
        ? [
            {
              prefix: '/mcp',
              login: Boolean(login),
              handle: ({ req, res, body }) => mcpHttp.handle(req, res, body),
            } satisfies Mount,
          ]
        : []),
      ...(login?.mounts ?? []),
      api,
      ...(opts.dashboard ? [dashboardFilesMount(opts.dashboard.dir)] : []),
    ],
  });
  return {
    host,
    logger,
    token: p.token,
    mcpMode,
    calls,
    streams,
    broker,
    mcpHttp,
    http,
    newServer,
    configFile: paths.config,
    port,
  };
}

async function listen(parts: ServeParts, port: number | undefined): Promise<ServeInfo> {
  try {
    parts.port.value = await parts.http.listen(port ?? 0);
  } catch (e) {
    await parts.host.close();
    throw e;
  }
  const url = `http://127.0.0.1:${parts.port.value}`;
  return { url, port: parts.port.value, token: parts.token, pid: process.pid, mcp: parts.mcpMode };
}

/** serve once it listens: its start (serve.json, stdio, watching, MCP servers) and its close. */
class ServeLifecycle {
  readonly closed: Promise<void>;
  #resolveClosed!: () => void;
  #closing: Promise<void> | undefined;
  #stdio: StdioEras | undefined;
  #watcher: { close(): Promise<void> } | undefined;
  #auditWatch: FSWatcher | undefined;
  readonly #onCatalog = (snapshot: { version: number }) =>
    this.parts.streams.send('catalog', { version: snapshot.version });

  constructor(
    private readonly parts: ServeParts,
    private readonly info: ServeInfo | undefined,
    private readonly drainMs: number,
  ) {
    this.closed = new Promise<void>((r) => (this.#resolveClosed = r));
  }

  async start(opts: ServeOptions): Promise<void> {
    const { host, broker, streams, logger } = this.parts;
    // The dashboard's live updates: catalog changes, pending approvals, new audit lines.
    if (broker) {
      host.on('change', this.#onCatalog);
      broker.onChange((pending) => streams.send('approvals', { pending }));
    }
    if (this.info) await writeServeFile(host.home, this.info);
    if (broker && this.info) this.#auditWatch = watchAuditLog(host.home, streams, logger);
    if (this.parts.mcpMode === 'stdio') this.#serveStdio(opts);
    if (opts.watch !== false) this.#watcher = await host.watch();
    // A library host starts MCP servers on first use; a serve offers their tools from the
    // start (each server's tools arrive with a catalog change, hence list_changed).
    if (host.mcp.servers().length > 0)
      host.mcp
        .start()
        .catch((e: unknown) => logger.warn({ err: e }, 'Starting MCP servers failed.'));
  }

  #serveStdio(opts: ServeOptions): void {
    const stdin = opts.stdin ?? process.stdin;
    // The first message picks the protocol era of the connection.
    this.#stdio = serveStdioEras({
      host: this.parts.host,
      calls: this.parts.calls,
      configFile: this.parts.configFile,
      stdin,
      stdout: opts.stdout ?? process.stdout,
      legacy: this.parts.newServer,
    });
    // The client closing stdin ends the session, and with it this serve.
    stdin.once('end', () => void this.close());
  }

  close(): Promise<void> {
    return (this.#closing ??= this.#close());
  }

  async #close(): Promise<void> {
    const { host, http, streams, broker, calls, logger } = this.parts;
    // Event streams never go idle: end them, and deny what still waits for a page.
    streams.close();
    broker?.close();
    this.#auditWatch?.close();
    host.off('change', this.#onCatalog);
    const stopped = this.info ? http.stopAccepting() : Promise.resolve();
    const finished = await calls.drain(this.drainMs);
    if (!finished) logger.warn('serve stopped calls still running at the shutdown bound.');
    await this.#watcher?.close();
    await this.parts.mcpHttp?.close();
    await this.#stdio?.close();
    http.drop();
    await stopped;
    await host.close(); // flushes the audit log
    if (this.info) await removeServeFile(host.home, process.pid);
    this.#resolveClosed();
  }
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
