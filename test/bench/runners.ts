// Worker and sandbox runners: dispatch per call (each call timed on its own, so p99 is a
// real per-call p99), a raw worker round trip for reference, the host heap after 200
// reloads of a worker-run skill (needs --expose-gc), and the memory of one sandboxed skill.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { writeEchoSkill } from './dispatch.js';
import { summarize, type Figure } from './harness.js';

export interface RunnersBenchOptions {
  tmp: string;
  quick: boolean;
  step(s: string): void;
}

const now = () => Number(process.hrtime.bigint()) / 1000;

/** Per-call latency in µs: `n` calls, an event-loop turn (untimed) every 50. */
async function perCall(fn: (i: number) => Promise<unknown>, n: number): Promise<Figure> {
  for (let i = 0; i < 200; i++) await fn(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = now();
    await fn(i);
    samples.push(now() - t);
    if (i % 50 === 49) await new Promise(setImmediate);
  }
  return summarize(samples, 'us');
}

async function echoHost(tmp: string, runner: 'worker' | 'sandbox'): Promise<SkillHost> {
  const ws = join(tmp, `runner-${runner}-ws`);
  await writeEchoSkill(ws);
  const host = await createSkillHost({
    workspace: ws,
    home: join(tmp, `runner-${runner}-home`),
    userHome: join(tmp, 'user'),
    env: {},
    config: { runner, audit: { enabled: false } },
  });
  const first = await host.call({ name: 'echo.say', input: { text: 'warm' } });
  if (first.isError) throw new Error(`echo in ${runner} failed: ${first.code} ${first.message}`);
  return host;
}

async function rawWorkerRoundTrip(n: number): Promise<Figure> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => parentPort.postMessage(m));`,
    { eval: true },
  );
  const ask = (m: unknown) =>
    new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(m);
    });
  const f = await perCall((i) => ask({ text: `hi ${i}` }), n);
  await worker.terminate();
  return f;
}

/** A skill whose module holds ~1 MB, so leaked generations would show in the heap. */
async function writeReloadSkill(dir: string, generation: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'reload', version: '1.0.0', type: 'module', exports: './index.js' }),
  );
  await writeFile(
    join(dir, 'SKILL.md'),
    '---\nname: reload\ndescription: Reloaded 200 times for the heap benchmark.\n---\n',
  );
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifestVersion: 1,
      name: 'reload',
      version: '1.0.0',
      description: `generation ${generation}`,
      tools: [
        { name: 'reload.gen', description: 'Its generation.', inputSchema: { type: 'object' } },
      ],
    }),
  );
  await writeFile(
    join(dir, 'index.js'),
    `const payload = ${JSON.stringify('x'.repeat(1 << 20))};\nexport default { createTools() { return { 'reload.gen': () => ({ gen: ${generation}, size: payload.length }) }; } };\n`,
  );
}

async function reloadHeapGrowth(tmp: string, reloads: number): Promise<Figure> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('reload.heap-growth-200 needs node --expose-gc (pnpm bench sets it)');
  const ws = join(tmp, 'reload-ws');
  const dir = join(ws, 'skills', 'reload');
  await writeReloadSkill(dir, 0);
  const host = await createSkillHost({
    workspace: ws,
    home: join(tmp, 'reload-home'),
    userHome: join(tmp, 'user'),
    env: {},
    scanCache: false,
    config: { runner: 'worker', audit: { enabled: false } },
  });
  const reload = async (g: number) => {
    await writeReloadSkill(dir, g);
    await host.rescan();
    const r = await host.call({ name: 'reload.gen', input: {} });
    if (r.isError || (r.structured as { gen: number }).gen !== g) {
      throw new Error(`reload ${g} did not load the new code: ${JSON.stringify(r)}`);
    }
  };
  // Warm up: the first reloads load code paths and caches the host keeps anyway.
  for (let g = 1; g <= 10; g++) await reload(g);
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    return process.memoryUsage().heapUsed;
  };
  const before = await settle();
  for (let g = 11; g < 11 + reloads; g++) await reload(g);
  const after = await settle();
  await host.close();
  const mb = Math.round(((after - before) / (1 << 20)) * 100) / 100;
  return { median: mb, p99: mb, unit: 'MB' };
}

async function sandboxRss(tmp: string): Promise<Figure> {
  const ws = join(tmp, 'rss-ws');
  const dir = join(ws, 'skills', 'rss');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'rss', version: '1.0.0', type: 'module', exports: './index.js' }),
  );
  await writeFile(join(dir, 'SKILL.md'), '---\nname: rss\ndescription: Reports its memory.\n---\n');
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifestVersion: 1,
      name: 'rss',
      version: '1.0.0',
      tools: [{ name: 'rss.rss', description: 'Its RSS.', inputSchema: { type: 'object' } }],
    }),
  );
  await writeFile(
    join(dir, 'index.js'),
    `export default { createTools() { return { 'rss.rss': () => process.memoryUsage().rss }; } };\n`,
  );
  const host = await createSkillHost({
    workspace: ws,
    home: join(tmp, 'rss-home'),
    userHome: join(tmp, 'user'),
    env: {},
    config: { runner: 'sandbox' },
  });
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await host.call({ name: 'rss.rss', input: {} });
    if (r.isError) throw new Error(`rss skill failed: ${r.code} ${r.message}`);
    samples.push((r.structured as number) / (1 << 20));
  }
  await host.close();
  return summarize(samples, 'MB');
}

export async function runnersBench(opts: RunnersBenchOptions): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};
  const n = opts.quick ? 2000 : 20000;
  opts.step('dispatch.worker-raw');
  figures['dispatch.worker-raw'] = await rawWorkerRoundTrip(n);
  for (const runner of ['worker', 'sandbox'] as const) {
    opts.step(`dispatch.${runner}`);
    const host = await echoHost(opts.tmp, runner);
    figures[`dispatch.${runner}`] = await perCall(
      (i) => host.call({ name: 'echo.say', input: { text: `hi ${i}` } }),
      n,
    );
    await host.close();
  }
  opts.step('reload.heap-growth-200');
  figures['reload.heap-growth-200'] = await reloadHeapGrowth(opts.tmp, 200);
  opts.step('sandbox.rss');
  figures['sandbox.rss'] = await sandboxRss(opts.tmp);
  return figures;
}
