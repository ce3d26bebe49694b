// Router figures: per-call p50/p99 of inline dispatch with the audit on and
// off and of the MCP SDK in-memory call, measured call by call in the same run; serial
// throughput; what a skill's console line costs; redaction of a hostile 1 MB result; heap
// growth of the audit under sustained load that never yields to I/O.
import { join } from 'node:path';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { mcpCaller, writeEchoSkill } from './dispatch.js';
import { createRedactor } from '../../packages/host/src/redact/index.js';
import { shapeResult } from '../../packages/host/src/router/shape.js';
import { summarize, type Figure } from './harness.js';

type Call = (i: number) => Promise<unknown>;

/** Each call timed on its own; a turn of the event loop every 100 calls, as an agent gives. */
async function perCall(call: Call, n: number): Promise<Figure> {
  for (let i = 0; i < Math.min(2000, n); i++) await call(i); // warm up
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    samples[i] = (performance.now() - t0) * 1000;
    if (i % 100 === 99) await new Promise(setImmediate);
  }
  return summarize(Array.from(samples), 'us');
}

/** Calls per second, one after another, for about `ms`. */
async function throughput(call: Call, ms: number): Promise<Figure> {
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    let n = 0;
    const end = performance.now() + ms / 5;
    while (performance.now() < end) {
      for (let k = 0; k < 100; k++) await call(n++);
      await new Promise(setImmediate);
    }
    runs.push((n * 1000) / (ms / 5));
  }
  const f = summarize(runs, 'count');
  return { ...f, median: Math.round(f.median), p99: Math.round(f.p99) };
}

async function echoHost(tmp: string, name: string, audit: boolean, code?: string) {
  const ws = join(tmp, `${name}-ws`);
  await writeEchoSkill(ws, code);
  const host = await createSkillHost({
    workspace: ws,
    home: join(tmp, `${name}-home`),
    userHome: join(tmp, 'user'),
    env: {},
    config: { runner: 'inline', audit: { enabled: audit } },
  });
  const first = await host.call({ name: 'echo.say', input: { text: 'warm' } });
  if (first.isError) throw new Error(`echo skill failed: ${first.code} ${first.message}`);
  return host;
}

const callOf =
  (host: SkillHost): Call =>
  (i) =>
    host.call({ name: 'echo.say', input: { text: `hi ${i}` } }, { sessionId: `s${i >> 7}` });

export async function routerFigures(
  tmp: string,
  quick: boolean,
): Promise<{ figures: Record<string, Figure>; notes: string[] }> {
  const figures: Record<string, Figure> = {};
  const notes: string[] = [];
  const n = quick ? 5_000 : 30_000;
  const ms = quick ? 500 : 2_000;

  const mcp = await mcpCaller();
  figures['dispatch.mcp-sdk.per-call'] = await perCall((i) => mcp.call(`hi ${i}`), n / 5);
  figures['dispatch.mcp-sdk.throughput'] = await throughput((i) => mcp.call(`hi ${i}`), ms);
  await mcp.close();

  for (const audit of [true, false]) {
    const host = await echoHost(tmp, audit ? 'router-audit' : 'router-quiet', audit);
    const id = audit ? 'dispatch.inline' : 'dispatch.inline.no-audit';
    figures[`${id}.per-call`] = await perCall(callOf(host), n);
    figures[`${id}.throughput`] = await throughput(callOf(host), ms);
    await host.close();
  }
  const ratio =
    figures['dispatch.inline.per-call']!.median / figures['dispatch.mcp-sdk.per-call']!.median;
  notes.push(
    `router: inline (audit on) per-call p50 ${figures['dispatch.inline.per-call']!.median} us = ${ratio.toFixed(3)} x the MCP SDK's ${figures['dispatch.mcp-sdk.per-call']!.median} us; p99 ${figures['dispatch.inline.per-call']!.p99} us; ${figures['dispatch.inline.throughput']!.median} calls/s (audit off: ${figures['dispatch.inline.no-audit.per-call']!.median} us, ${figures['dispatch.inline.no-audit.throughput']!.median} calls/s)`,
  );

  // A console.log inside a tool: attributed to the skill and sent to its logger.
  const chatty = await echoHost(
    tmp,
    'router-console',
    false,
    "export default { createTools() { return { 'echo.say': (input) => { console.log('said', input.text); return input.text; } }; } };\n",
  );
  const quietHost = await echoHost(tmp, 'router-console-base', false);
  const withLine = await perCall(callOf(chatty), n / 5);
  const without = await perCall(callOf(quietHost), n / 5);
  figures['console.skill-line'] = {
    median: Math.round((withLine.median - without.median) * 1000) / 1000,
    p99: Math.round((withLine.p99 - without.p99) * 1000) / 1000,
    unit: 'us',
  };
  await chatty.close();
  await quietHost.close();

  // Redacting and shaping hostile 1 MB results (PEM BEGIN lines without END; token-like runs).
  const redactor = createRedactor(['known-secret-value-1']);
  const pem = '-----BEGIN PRIVATE KEY-----\n'.repeat(40_000);
  const runs = '-sk-eyJ'.repeat(150_000);
  for (const [id, text] of [
    ['redact.pem-1mb', pem],
    ['redact.runs-1mb', runs],
  ] as const) {
    const shaped: number[] = [];
    const whole: number[] = [];
    for (let r = 0; r < (quick ? 3 : 10); r++) {
      let t0 = performance.now();
      shapeResult(text, 50_000, redactor);
      shaped.push(performance.now() - t0);
      t0 = performance.now();
      redactor.text(text);
      whole.push(performance.now() - t0);
    }
    figures[`${id}.shaped`] = summarize(shaped, 'ms');
    figures[`${id}.whole`] = summarize(whole, 'ms');
  }

  // Heap growth of 200,000 calls that never yield to I/O (the audit must stay bounded).
  const burst = await echoHost(tmp, 'router-burst', true);
  const call = callOf(burst);
  // What stays reachable (after a full GC) at checkpoints, not garbage awaiting collection.
  const live = () => {
    globalThis.gc?.();
    return process.memoryUsage().heapUsed;
  };
  const before = live();
  let peak = before;
  for (let i = 0; i < (quick ? 50_000 : 200_000); i++) {
    await call(i);
    if (i % 25_000 === 24_999) peak = Math.max(peak, live());
  }
  await burst.close();
  const mb = Math.round(((peak - before) / 1024 / 1024) * 10) / 10;
  figures['audit.heap-growth.burst'] = { median: mb, p99: mb, unit: 'MB' };
  return { figures, notes };
}
