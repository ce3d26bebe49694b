// A server that speaks only the 2026-07-28 MCP revision refuses the 2025 `initialize` with an
// unsupported-version error. For it, the official SDK 2.x client connects instead (server/
// discover, then stateless requests), behind the few SDK 1.x Client methods a connection uses,
// so the rest of the MCP client does not care which era a server speaks.
import type { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';

/** The revision this fallback speaks. */
export const MODERN_REVISION = '2026-07-28';

/** Whether an `initialize` failure is a server refusing every 2025 revision for 2026-07-28. */
export function refusesLegacyVersion(e: unknown): boolean {
  const message = e instanceof Error ? e.message : '';
  const json = /\{.*\}$/s.exec(message)?.[0];
  if (!json) return false;
  try {
    const body = JSON.parse(json) as {
      error?: { code?: number; data?: { supported?: unknown } };
    };
    const supported = body.error?.data?.supported;
    return (
      body.error?.code === -32022 && Array.isArray(supported) && supported.includes(MODERN_REVISION)
    );
  } catch {
    return false;
  }
}

export interface ModernConnectOptions {
  url: URL;
  headers: Record<string, string>;
  timeoutMs: number;
  clientInfo: { name: string; version: string };
}

/** Connects with the SDK 2.x client pinned to 2026-07-28; returns it in the 1.x Client's shape. */
export async function openModernClient(opts: ModernConnectOptions): Promise<LegacyClient> {
  // Loaded only for such a server: most hosts never need the second SDK.
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const client = new Client(opts.clientInfo, {
    versionNegotiation: { mode: { pin: MODERN_REVISION } },
  });
  const transport = new StreamableHTTPClientTransport(opts.url, {
    requestInit: { headers: opts.headers },
  });
  try {
    await client.connect(transport, { timeout: opts.timeoutMs });
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  const adapter = {
    onclose: undefined as (() => void) | undefined,
    getInstructions: () => client.getInstructions(),
    getServerVersion: () => client.getServerVersion(),
    getServerCapabilities: () => client.getServerCapabilities(),
    listTools: (params?: { cursor?: string }, options?: { timeout?: number }) =>
      client.listTools(params, options),
    callTool: (
      params: { name: string; arguments?: Record<string, unknown> },
      _schema: unknown,
      options?: { signal?: AbortSignal; timeout?: number },
    ) => client.callTool(params, options),
    request: (req: { method: string; params?: unknown }, schema: never, options?: object) =>
      client.request(req as never, schema, options as never),
    // The 1.x call names the notification by its schema; the 2.x client by its method.
    setNotificationHandler: (schema: { shape: { method: { value: string } } }, fn: () => void) =>
      client.setNotificationHandler(schema.shape.method.value as never, fn),
    close: async () => {
      await listening?.close().catch(() => undefined);
      await client.close();
    },
  };
  client.onclose = () => adapter.onclose?.();
  // No session to announce on: list changes come through one subscriptions/listen stream.
  const caps = client.getServerCapabilities();
  const filter = {
    ...(caps?.tools?.listChanged && { toolsListChanged: true }),
    ...(caps?.resources?.listChanged && { resourcesListChanged: true }),
  };
  const listening =
    Object.keys(filter).length > 0
      ? await client.listen(filter, { timeout: opts.timeoutMs }).catch(() => undefined)
      : undefined;
  return adapter as unknown as LegacyClient;
}
