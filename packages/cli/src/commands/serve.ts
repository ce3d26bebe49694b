// `openclaw-skill serve`: the host as a service for any MCP client, plus the control API the
// other commands use while it runs. The serve code loads only when this command runs.
import { join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { RunningServe, ServeInfo } from '@openclaw/skill-host/serve';
import { dashboardDir } from '../dashboard-files.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';

/** The port `serve` takes by default, so pasted client configs keep working across restarts. */
export const DEFAULT_SERVE_PORT = 7411;
const SERVER_KEY = 'openclaw-skills';

export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0: any free port)');
  return n;
}

export interface ClientConfigs {
  stdio: { mcpServers: Record<string, { command: string; args: string[] }> };
  http?: {
    mcpServers: Record<string, { type: 'http'; url: string; headers: Record<string, string> }>;
  };
}

/** Ready-to-paste `mcpServers` entries (Claude Desktop, Cursor and OpenClaw read this shape). */
export function clientConfigs(
  info: ServeInfo | undefined,
  launch: { node: string; bin: string; home: string; workspace: string },
): ClientConfigs {
  const stdio = {
    mcpServers: {
      [SERVER_KEY]: {
        command: launch.node,
        args: [
          launch.bin,
          'serve',
          '--mcp',
          'stdio',
          '--home',
          launch.home,
          '--workspace',
          launch.workspace,
        ],
      },
    },
  };
  if (!info || info.mcp !== 'http') return { stdio };
  return {
    stdio,
    http: {
      mcpServers: {
        [SERVER_KEY]: {
          type: 'http',
          url: `${info.url}/mcp`,
          headers: { Authorization: `Bearer ${info.token}` },
        },
      },
    },
  };
}

export async function banner(serve: RunningServe, configs: ClientConfigs): Promise<string> {
  const snapshot = serve.host.snapshot();
  const skills = snapshot.skills.filter((s) => s.source.kind !== 'builtin' && !s.shadowedBy);
  // As `list` counts: a skill whose sign-in is missing cannot succeed a call, so it is not ready.
  const login = new Map<string, string>();
  for (const s of skills) {
    if (s.status !== 'ready' || !s.manifest?.auth) continue;
    const needs = await serve.host.auth.needsLogin(s);
    if (needs.length) login.set(s.name, needs[0]!.command);
  }
  const ready = skills.filter((s) => s.status === 'ready' && !login.has(s.name));
  const lines = [
    `openclaw-skill serve: ${ready.length} ready of ${skills.length} skills (${ready.map((s) => s.name).join(', ') || 'none'}), ${snapshot.tools.size} tools`,
    ...[...login].map(([name, cmd]) => `${name} needs login: run \`${cmd}\``),
    `home ${serve.host.home}`,
  ];
  if (serve.mcpUrl)
    lines.push(`MCP (Streamable HTTP) at ${serve.mcpUrl}; control API at ${serve.info!.url}/api`);
  if (configs.http) {
    lines.push(
      '',
      `Connect an MCP client over HTTP (the token is kept in ${join(serve.host.home, 'serve-token')} across restarts; serve --new-token replaces it):`,
      JSON.stringify(configs.http, null, 2),
    );
  }
  if (serve.info && serve.dashboard)
    lines.push('', 'Dashboard (skills, accounts, approvals, activity): openclaw-skill dashboard');
  lines.push(
    '',
    'Or let the client start its own serve over stdio:',
    JSON.stringify(configs.stdio, null, 2),
    '',
    'Ctrl-C stops serve (calls in flight finish first).',
    '',
  );
  return lines.join('\n');
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .addOption(
      new Option(
        '--port <n>',
        `port on 127.0.0.1 (default ${DEFAULT_SERVE_PORT} with --mcp http, any free port with stdio)`,
      ).argParser(parsePort),
    )
    .addOption(
      new Option('--mcp <transport>', 'where MCP goes').choices(['stdio', 'http']).default('http'),
    )
    .option('--no-watch', 'do not rescan when skill folders or config.json change')
    .option(
      '--new-token',
      'replace the token kept in <home>/serve-token (clients with the old one are refused)',
    )
    .action(async () => {
      const opts = globalOptions<{
        port?: number;
        mcp: 'stdio' | 'http';
        watch: boolean;
        newToken?: boolean;
      }>(cmd);
      const serve = await startServeForCli(cmd, io, opts);
      const workspace = resolve(io.cwd, opts.workspace ?? '.');
      {
        const configs = clientConfigs(serve.info, {
          node: process.execPath,
          bin: resolve(process.argv[1] ?? 'openclaw-skill'),
          home: serve.host.home,
          workspace,
        });
        // Over stdio, stdout is the MCP channel: everything for people goes to stderr.
        if (opts.json) {
          const ready = {
            ...serve.info,
            home: serve.host.home,
            mcpUrl: serve.mcpUrl,
            clients: configs,
          };
          if (opts.mcp === 'stdio') io.stderr(JSON.stringify(ready) + '\n');
          else printJson(io, ready);
        } else if (opts.mcp === 'stdio') {
          io.stderr(
            serve.info
              ? `openclaw-skill serve: MCP on stdio; control API at ${serve.info.url}/api\n`
              : 'openclaw-skill serve: MCP on stdio; another serve for this home has the control API\n',
          );
        } else io.stdout(await banner(serve, configs));
        await serve.closed;
      }
    });
}

/**
 * Starts serve for a command (`serve`, `dashboard`) with the dashboard this CLI ships; Ctrl-C
 * or SIGTERM closes it (calls in flight finish first).
 */
export async function startServeForCli(
  cmd: Command,
  io: Io,
  o: { port?: number; mcp: 'stdio' | 'http'; watch?: boolean; newToken?: boolean },
): Promise<RunningServe> {
  const opts = globalOptions(cmd);
  const { startServe } = await import('@openclaw/skill-host/serve');
  const workspace = resolve(io.cwd, opts.workspace ?? '.');
  // As openHost: the user's home comes from the command's environment, not the process.
  const userHome = io.env.HOME ?? io.env.USERPROFILE;
  const dir = dashboardDir();
  const serve = await startServe({
    ...(opts.home && { home: resolve(io.cwd, opts.home) }),
    workspace,
    ...(userHome && { userHome }),
    env: io.env,
    transport: o.mcp,
    port: o.port ?? (o.mcp === 'http' ? DEFAULT_SERVE_PORT : 0),
    watch: o.watch !== false,
    ...(o.newToken && { newToken: true }),
    ...(dir && { dashboard: { dir } }),
  });
  const stop = () => void serve.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void serve.closed.then(() => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  });
  return serve;
}
