// startServe: the host as a long-running service on 127.0.0.1 (DESIGN.md 8, 13, 14). One HTTP
// server carries the control API and, with `transport: 'http'`, MCP at /mcp; with `transport: 'stdio'`
// MCP goes over stdin/stdout and the control API still listens. serve.json tells other
// processes where it is and holds the token.
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SkillError } from '@openclaw/skill-sdk';
import type { Logger as PinoLogger } from 'pino';
import { createSkillHost, type SkillHost, type SkillHostOptions } from '../host.js';
import { lazyLogger, loadPino } from '../lazy.js';
import { hostPaths, resolveHome } from '../paths.js';
import { handleApi } from './api.js';
import { CallTracker } from './calls.js';
import { DEFAULT_MAX_BODY_BYTES } from './guard.js';
import { createServeHttp, sendJson } from './http.js';
import { createMcpHttp } from './mcp-http.js';
import { createMcpServer } from './mcp-server.js';
import {
  pidAlive,
  readServeFile,
  removeServeFile,
  writeServeFile,
  type ServeInfo,
} from './serve-file.js';

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
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
  /** How long a shutdown waits for calls in flight before aborting them (default 10 s). */
  drainMs?: number;
}

export interface RunningServe {
  readonly host: SkillHost;
  /** Where the control API listens; absent for a stdio serve that found another serve running. */
  readonly info?: ServeInfo;
  /** The HTTP URL of MCP (`<url>/mcp`), when MCP is served over HTTP. */
  readonly mcpUrl?: string;
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
  const host = await createSkillHost({ ...opts, logger });
  const paths = hostPaths(host.home);
  const token = randomBytes(32).toString('base64url');
  const calls = new CallTracker();
  const stdioSession = `stdio-${process.pid}`;
  const newServer = () =>
    createMcpServer({
      host,
      calls,
      configFile: paths.config,
      sessionId: (sid) => sid ?? stdioSession,
    });
  const mcpHttp = mcpMode === 'http' ? createMcpHttp(newServer) : undefined;
  const http = createServeHttp({
    token,
    maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    onError: (e) => logger.error({ err: e }, 'serve failed on a request.'),
    mounts: [
      ...(mcpHttp ? [{ prefix: '/mcp', handle: mcpHttp.handle }] : []),
      {
        prefix: '/api',
        handle: async (req, res, body, url) => {
          const reply = await handleApi(
            {
              method: req.method ?? 'GET',
              path: url.pathname.slice('/api'.length),
              query: url.searchParams,
              body,
            },
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
              }),
            },
          );
          sendJson(res, reply.status, reply.body);
        },
      },
    ],
  });

  let info: ServeInfo | undefined;
  if (controlApi) {
    try {
      const port = await http.listen(opts.port ?? 0);
      const url = `http://127.0.0.1:${port}`;
      info = { url, port, token, pid: process.pid, mcp: mcpMode };
    } catch (e) {
      await host.close();
      throw e;
    }
  }

  let stdioServer: ReturnType<typeof newServer> | undefined;
  let watcher: { close(): Promise<void> } | undefined;
  let closing: Promise<void> | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));

  const close = (): Promise<void> =>
    (closing ??= (async () => {
      const stopped = info ? http.stopAccepting() : Promise.resolve();
      const finished = await calls.drain(opts.drainMs ?? DEFAULT_DRAIN_MS);
      if (!finished) logger.warn('serve stopped calls still running at the shutdown bound.');
      await watcher?.close();
      await mcpHttp?.close();
      await stdioServer?.close();
      http.drop();
      await stopped;
      await host.close(); // flushes the audit log
      if (info) await removeServeFile(host.home, process.pid);
      resolveClosed();
    })());

  try {
    if (info) await writeServeFile(host.home, info);
    if (mcpMode === 'stdio') {
      stdioServer = newServer();
      const transport = new StdioServerTransport(
        opts.stdin ?? process.stdin,
        opts.stdout ?? process.stdout,
      );
      await stdioServer.connect(transport);
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
