// Opens an MCP client on a server spec: stdio spawns the command; a URL tries Streamable
// HTTP first and falls back to the older HTTP+SSE transport when the server does not speak
// it (the MCP SDK's documented backwards-compatible client pattern).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerSpec } from './config.js';
import { openModernClient, refusesLegacyVersion } from './modern-client.js';
import { isRefused } from './refused.js';
import { RequestCancels } from './request-cancel.js';
import { STDERR_TAIL, stderrNote } from './stderr.js';

export { isRefused };

const CLIENT_INFO = { name: 'openclaw-skill-host', version: '1.0.0' };

export interface Opened {
  client: Client;
  transport: Transport;
  /** The child's pid for stdio servers. */
  pid?: number;
  /** The end of the child's stderr (stdio), for failure reasons. */
  stderr(): string;
  kind: 'stdio' | 'http' | 'sse';
  /** Cancels calls by their id on the wire (the SDK 1.x client; the 2026 one takes a signal). */
  cancels?: RequestCancels;
}

export async function openClient(spec: ServerSpec, timeoutMs: number): Promise<Opened> {
  if (spec.transport === 'stdio') {
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: spec.env,
      ...(spec.cwd !== undefined && { cwd: spec.cwd }),
      // Piped: a server's log lines must not land on our stdout/stderr (and explain failures).
      stderr: 'pipe',
    });
    let tail = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch (e) {
      await client.close().catch(() => undefined);
      throw withStderr(e, tail, Object.values(spec.env));
    }
    return {
      client,
      transport,
      cancels: new RequestCancels(transport),
      ...(transport.pid !== null && { pid: transport.pid }),
      stderr: () => tail,
      kind: 'stdio',
    };
  }
  const requestInit = { headers: spec.headers };
  if (spec.transport === 'http') {
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    const transport = new StreamableHTTPClientTransport(spec.url, { requestInit });
    try {
      await client.connect(transport, { timeout: timeoutMs });
      return {
        client,
        transport,
        cancels: new RequestCancels(transport),
        stderr: () => '',
        kind: 'http',
      };
    } catch (e) {
      await client.close().catch(() => undefined);
      // Nothing listening, or no answer in time: the older transport will not do better.
      if (isRefused(e) || isTimeout(e)) throw e;
      if (refusesLegacyVersion(e)) {
        const modern = await openModernClient({
          url: spec.url,
          headers: spec.headers,
          timeoutMs,
          clientInfo: CLIENT_INFO,
        });
        return { client: modern, transport, stderr: () => '', kind: 'http' };
      }
    }
  }
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const transport = new SSEClientTransport(spec.url, { requestInit });
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  return {
    client,
    transport,
    cancels: new RequestCancels(transport),
    stderr: () => '',
    kind: 'sse',
  };
}

const isTimeout = (e: unknown): boolean => (e as { code?: unknown })?.code === -32001;

function withStderr(e: unknown, tail: string, secrets: string[]): unknown {
  const note = stderrNote(tail, secrets);
  if (!note || !(e instanceof Error)) return e;
  e.message = `${e.message}${note}`;
  return e;
}
