// MCP over stdio in both protocol eras. A stdio connection speaks one era for its lifetime,
// and its first message says which: `initialize` starts a 2025-era session on the SDK 1.x
// server (elicitation, per-session tool lists); `server/discover` or a request carrying the
// 2026-07-28 `_meta` envelope goes to the SDK 2.x serveStdio entry, which answers discover,
// checks envelopes and serves subscriptions/listen. The first line is read, then replayed.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  serveStdio,
  StdioServerTransport as ModernStdioTransport,
} from '@modelcontextprotocol/server/stdio';
import { createModernServer, type ModernOptions } from './mcp-modern.js';
import { watchLists } from './mcp-surface.js';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

export interface StdioErasOptions extends ModernOptions {
  stdin: Readable;
  stdout: Writable;
  /** The 2025-era server for a connection that starts with initialize. */
  legacy: () => Server;
}

/** Whether a first JSON-RPC line belongs to the 2026-07-28 era. */
export function isModernFirstLine(line: string): boolean {
  try {
    const msg = JSON.parse(line) as { method?: unknown; params?: { _meta?: object } };
    if (msg.method === 'server/discover') return true;
    return Boolean(msg.params?._meta && PROTOCOL_VERSION_KEY in msg.params._meta);
  } catch {
    return false;
  }
}

/** Reads up to the first newline; the returned stream yields everything read, then the rest. */
function firstLine(stdin: Readable): Promise<{ line: string; replay: Readable } | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(10);
      if (nl < 0) return;
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
      const replay = new PassThrough();
      replay.write(all);
      stdin.pipe(replay);
      resolve({ line: all.subarray(0, nl).toString('utf8'), replay });
    };
    const onEnd = () => {
      stdin.off('data', onData);
      resolve(undefined);
    };
    stdin.on('data', onData);
    stdin.once('end', onEnd);
  });
}

export interface StdioEras {
  /** Resolves once the first message chose an era and its server is connected. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export function serveStdioEras(opts: StdioErasOptions): StdioEras {
  let closeServer: () => Promise<void> = async () => undefined;
  const ready = firstLine(opts.stdin).then(async (first) => {
    if (!first) return;
    if (!isModernFirstLine(first.line)) {
      const server = opts.legacy();
      await server.connect(new StdioServerTransport(first.replay, opts.stdout));
      closeServer = () => server.close();
      return;
    }
    // One long-lived 2.x server per connection: its list-change sends reach the connection's
    // subscriptions/listen streams.
    const stops: (() => void)[] = [];
    const handle = serveStdio(
      () => {
        const server = createModernServer(opts);
        stops.push(
          watchLists(opts.host, async (changed) => {
            for (const k of changed) {
              if (k === 'tools') await server.sendToolListChanged();
              else if (k === 'prompts') await server.sendPromptListChanged();
              else await server.sendResourceListChanged();
            }
          }),
        );
        return server;
      },
      { legacy: 'reject', transport: new ModernStdioTransport(first.replay, opts.stdout) },
    );
    closeServer = async () => {
      for (const stop of stops) stop();
      await handle.close();
    };
  });
  return { ready, close: async () => closeServer() };
}
