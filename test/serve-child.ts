// Runs the real `openclaw-skill` binary from its TypeScript sources (tsx, with the workspace's
// source condition) in a child process, for suites that need a real serve process: signals,
// stdio, a second process installing into it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const root = join(import.meta.dirname, '..');
export const cliSource = join(root, 'packages', 'cli', 'src', 'bin.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** node + args that run the CLI from source. */
export function cliCommand(args: string[]): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: ['--import', tsx, '--conditions=@openclaw/source', cliSource, ...args],
  };
}

export interface ServeChild {
  child: ChildProcess;
  /** What `serve --json` printed once it was listening. */
  ready: { url: string; port: number; token: string; pid: number; mcpUrl?: string };
  stderr(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `serve --mcp http --port 0 --json` and resolves once it printed where it listens.
 * The child gets its own empty HOME (removed when it exits) unless `env` names one, so it
 * never scans the user's real skill folders.
 */
export async function startServeChild(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeChild> {
  const cmd = cliCommand(['serve', '--mcp', 'http', '--port', '0', '--json', ...args]);
  const home = mkdtempSync(join(tmpdir(), 'oc-serve-home-'));
  const child = spawn(cmd.command, cmd.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: home, USERPROFILE: home, ...env },
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(home, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const ready = await new Promise<ServeChild['ready']>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += String(d);
      try {
        resolve(JSON.parse(out) as ServeChild['ready']);
      } catch {
        // not all of it yet
      }
    });
    void exited.then((code) =>
      reject(new Error(`serve exited (${code}) before it was ready:\n${err}`)),
    );
  });
  return { child, ready, stderr: () => err, exited };
}

/** An MCP SDK client connected to `serve --mcp stdio` run as a child process. */
export async function connectStdioServe(opts: {
  home: string;
  workspace: string;
  userHome: string;
  name: string;
}): Promise<{ client: Client; transport: StdioClientTransport }> {
  const cmd = cliCommand([
    'serve',
    '--mcp',
    'stdio',
    '--home',
    opts.home,
    '--workspace',
    opts.workspace,
  ]);
  const transport = new StdioClientTransport({
    command: cmd.command,
    args: cmd.args,
    env: { PATH: process.env.PATH ?? '', HOME: opts.userHome },
    stderr: 'pipe',
  });
  const client = new Client({ name: opts.name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** Resolves on the client's next `notifications/tools/list_changed`. */
export const nextListChanged = (client: Client) =>
  new Promise<void>((resolve) =>
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
  );

export const toolNames = async (client: Client) =>
  (await client.listTools()).tools.map((t) => t.name);
