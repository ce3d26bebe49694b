// MCP's official conformance suite (@modelcontextprotocol/conformance, run under Node 24)
// against serve over Streamable HTTP. Its server scenarios target the SDKs' reference test
// server (fixed tools such as an image tool, test:// resources, logging, completion,
// sampling), which a skill host does not have; the scenarios serve passes are listed here and
// must keep passing. The suite sends no Authorization header, so a loopback proxy adds the
// serve token (and presents serve's own Host).
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServe } from '../packages/host/src/serve/serve.js';
import { node24, npmTool } from './support/node-tools.js';
import { startProbeServe } from './support/probe-serve.js';

/** Scenarios serve passes (13 of the active server suite's 30 in 0.1.16). */
const PASSING = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'server-sse-multiple-streams',
  'resources-list',
  'prompts-list',
  'logging-set-level',
  'completion-complete',
  'resources-subscribe',
  'resources-unsubscribe',
  'dns-rebinding-protection',
];

let root: string;
let serve: RunningServe;
let proxy: Server;
let summary: Map<string, { passed: number; failed: number }>;

function startProxy(target: URL, token: string): Promise<Server> {
  // The proxy's own loopback Host (and Origin) becomes serve's; any other (the suite's DNS
  // rebinding scenario sends a foreign one) passes through for serve to judge.
  const hostFor = (host: string | undefined): string | undefined => {
    const port = (server.address() as AddressInfo).port;
    return host === `127.0.0.1:${port}` || host === `localhost:${port}` ? target.host : host;
  };
  const server = createServer((req, res) => {
    const up = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: req.url,
        method: req.method,
        headers: {
          ...req.headers,
          host: hostFor(req.headers.host),
          ...(req.headers.origin && {
            origin: req.headers.origin.replace(
              /^http:\/\/([^/]+)$/,
              (whole, h: string) => `http://${hostFor(h) ?? h}`,
            ),
          }),
          authorization: `Bearer ${token}`,
        },
      },
      (r) => {
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

beforeAll(async () => {
  const [node, suite] = await Promise.all([
    node24(),
    npmTool('@modelcontextprotocol/conformance@0.1.16'),
  ]);
  ({ root, serve } = await startProbeServe('oc-conformance-', '# Guide\n'));
  proxy = await startProxy(new URL(serve.mcpUrl!), serve.info!.token);
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  const bin = join(
    suite,
    'node_modules',
    '@modelcontextprotocol',
    'conformance',
    'dist',
    'index.js',
  );
  // The suite exits 1 when any scenario fails; its summary is what counts.
  const out = await new Promise<string>((resolve) =>
    execFile(
      node,
      [bin, 'server', '--url', url, '-o', join(root, 'results')],
      { env: { PATH: process.env.PATH ?? '', HOME: join(root, 'user') }, maxBuffer: 1 << 24 },
      (_err, stdout) => resolve(stdout),
    ),
  );
  if (process.env.OPENCLAW_CONFORMANCE_SUMMARY)
    await writeFile(process.env.OPENCLAW_CONFORMANCE_SUMMARY, out);
  // The full per-scenario output, for a report, when asked for.
  if (process.env.CONFORMANCE_OUT) await writeFile(process.env.CONFORMANCE_OUT, out);
  summary = new Map(
    [...out.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gm)].map((m) => [
      m[1]!,
      { passed: Number(m[2]), failed: Number(m[3]) },
    ]),
  );
}, 600_000);
afterAll(async () => {
  proxy?.close();
  await serve?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the MCP conformance suite against serve', () => {
  it('runs every server scenario of the active suite (30 in 0.1.16)', () => {
    expect(summary.size).toBeGreaterThanOrEqual(30);
  });

  it.each(PASSING)('passes %s', (scenario) => {
    expect(summary.get(scenario)).toMatchObject({ failed: 0 });
    expect(summary.get(scenario)!.passed).toBeGreaterThan(0);
  });
});
