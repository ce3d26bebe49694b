// MCP's server utilities on serve: resources/subscribe and unsubscribe with
// notifications/resources/updated when a subscribed skill file's bytes change, progress
// notifications around a tool call that carries a progressToken (started, then done: the
// router reports no steps in between), and completion/complete for the skill name of the
// skill:// resource template. logging/setLevel is the SDK's own once `logging` is declared.
import { createHash } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { SkillHost } from '../host.js';

/** Most completion values sent (the spec's own cap). */
const MAX_COMPLETIONS = 100;

export interface UtilitiesOptions {
  host: SkillHost;
  /** Reads a resource as serve serves it (throws when there is none). */
  read(uri: string): Promise<{ contents: Record<string, unknown>[] }>;
  /** The skill names this session is shown. */
  skillNames(): string[];
}

const fingerprint = (contents: unknown): string =>
  createHash('sha256').update(JSON.stringify(contents)).digest('hex');

/** Registers the handlers; returns the function that stops watching the host. */
export function registerUtilities(server: Server, opts: UtilitiesOptions): () => void {
  // URI → fingerprint of its contents when last seen ('' when it could not be read).
  const subscribed = new Map<string, string>();
  const current = (uri: string) =>
    opts.read(uri).then(
      (r) => fingerprint(r.contents),
      () => '',
    );
  server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    subscribed.set(req.params.uri, await current(req.params.uri));
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    subscribed.delete(req.params.uri);
    return {};
  });
  server.setRequestHandler(CompleteRequestSchema, (req) => {
    const { ref, argument } = req.params;
    const names =
      ref.type === 'ref/resource' && argument.name === 'name'
        ? opts.skillNames().filter((n) => n.startsWith(argument.value))
        : [];
    return {
      completion: {
        values: names.slice(0, MAX_COMPLETIONS),
        total: names.length,
        hasMore: names.length > MAX_COMPLETIONS,
      },
    };
  });

  let checking = Promise.resolve();
  const onChange = () => {
    checking = checking.then(async () => {
      for (const [uri, before] of subscribed) {
        const now = await current(uri);
        if (now === before || !subscribed.has(uri)) continue;
        subscribed.set(uri, now);
        if (server.transport) await server.sendResourceUpdated({ uri }).catch(() => undefined);
      }
    });
  };
  opts.host.on('change', onChange);
  return () => opts.host.off('change', onChange);
}

export interface ProgressExtra {
  _meta?: { progressToken?: string | number };
  sendNotification(n: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total: number; message: string };
  }): Promise<void>;
}

/** Runs a call, telling a client that asked for progress when it starts and when it ends. */
export async function withProgress<T>(
  extra: ProgressExtra,
  tool: string,
  run: () => Promise<T>,
): Promise<T> {
  const token = extra._meta?.progressToken;
  if (token === undefined) return run();
  const send = (progress: number, message: string) =>
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress, total: 1, message },
      })
      .catch(() => undefined);
  await send(0, `${tool} started`);
  try {
    return await run();
  } finally {
    await send(1, `${tool} done`);
  }
}
