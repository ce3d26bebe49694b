// `pnpm bench`: every figure of the bench, measured in one run
// on this machine, printed as a table and written to test/bench/results/latest.json. Ratios
// against the direct call and the MCP SDK come from the same run.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSkillHost } from '@openclaw/skill-host';
import { createSnapshot, toolDefinitions } from '@openclaw/skill-host/internal';
import { corpusBudgetFigures, thousandBudgetFigures } from './budget.js';
import { benchCli } from './cli.js';
import { directCaller, mcpCaller, writeEchoSkill } from './dispatch.js';
import { benchAuth } from './auth.js';
import { generateToolSkills } from './generate.js';
import { installFigures } from './install.js';
import { installSpeedFigures } from './install-speed.js';
import { benchMcpClient } from './mcp-client.js';
import { alternating, microSync, type Figure } from './harness.js';
import { routerFigures } from './router.js';
import { runnersBench } from './runners.js';
import { scaffoldFigures } from './scaffold.js';
import { benchScan } from './scan.js';
import { benchServe } from './serve.js';
import { benchStore } from './store.js';

const here = dirname(fileURLToPath(import.meta.url));
const figures: Record<string, Figure> = {};
const notes: string[] = [];
const tmp = await mkdtemp(join(tmpdir(), 'openclaw-bench-'));
const quick = process.argv.includes('--quick');
// `pnpm bench dispatch mcp-client`: only the named sections (all when none is named).
const SECTIONS = [
  'dispatch',
  'runners',
  'router',
  'mcp-client',
  'scan',
  'cli',
  'prompt',
  'tools',
  'refresh',
  'serve',
  'install',
  'install-speed',
  'store',
  'scaffold',
];
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = only.filter((s) => !SECTIONS.includes(s));
if (unknown.length) {
  console.error(`bench: unknown section ${unknown.join(', ')}; sections: ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const want = (section: string) => only.length === 0 || only.includes(section);
const step = (s: string) => process.stderr.write(`bench: ${s}\n`);
const moreTargets: Array<[string, string, boolean]> = [];

try {
  if (want('dispatch')) {
    // Dispatch: direct, then the MCP SDK in-memory and host inline with the audit on and
    // off in alternating chunks (their ratio is a target).
    step('dispatch');
    const direct = directCaller();
    figures['dispatch.direct'] = await microSync((i) => direct({ text: `hi ${i}` }));
    const mcp = await mcpCaller();
    const echoWs = join(tmp, 'echo-ws');
    await writeEchoSkill(echoWs);
    const echoHost = async (home: string, audit: boolean) => {
      const host = await createSkillHost({
        workspace: echoWs,
        home: join(tmp, home),
        userHome: join(tmp, 'echo-user'),
        env: {},
        config: { runner: 'inline', audit: { enabled: audit } },
      });
      const first = await host.call({ name: 'echo.say', input: { text: 'warm' } });
      if (first.isError) throw new Error(`echo skill failed: ${first.code} ${first.message}`);
      return host;
    };
    const host = await echoHost('echo-home', true);
    const quiet = await echoHost('echo-home-2', false);
    const measured = await alternating(
      {
        'dispatch.mcp-sdk': (i) => mcp.call(`hi ${i}`),
        'dispatch.inline': (i) =>
          host.call({ name: 'echo.say', input: { text: `hi ${i}` } }, { sessionId: `s${i >> 7}` }),
        'dispatch.inline.no-audit': (i) =>
          quiet.call({ name: 'echo.say', input: { text: `hi ${i}` } }, { sessionId: `s${i >> 7}` }),
      },
      { batch: 100, timeMs: quick ? 1500 : 6000 },
    );
    Object.assign(figures, measured);
    await mcp.close();
    await host.close();
    await quiet.close();
  }

  if (want('runners')) Object.assign(figures, await runnersBench({ tmp, quick, step }));

  if (want('router')) {
    step('router');
    const routerRun = await routerFigures(tmp, quick);
    Object.assign(figures, routerRun.figures);
    notes.push(...routerRun.notes);
  }

  if (want('mcp-client')) {
    step('dispatch.mcp-client');
    await benchMcpClient(tmp, figures, notes, quick);
  }

  // The prompt and tool sections read the catalogs the scan section generates.
  if (want('scan') || want('prompt')) {
    const scan = await benchScan(tmp, step, quick);
    Object.assign(figures, scan.figures);
    moreTargets.push(...scan.targets);
  }

  if (want('cli')) {
    step('cli');
    const cli = await benchCli(tmp, quick ? 3 : 30);
    Object.assign(figures, cli.figures);
    moreTargets.push(...cli.targets);
  }

  if (want('prompt')) {
    // Prompt block and tool definitions over large catalogs, in this process.
    step('prompt.cached.1000');
    const big = await createSkillHost({
      workspace: join(tmp, 'scan-1000'),
      home: join(tmp, 'home-1000'),
      userHome: join(tmp, 'user'),
      env: {},
    });
    big.prompt();
    figures['prompt.cached.1000'] = await microSync(() => big.prompt(), { batch: 100 });
    await big.close();
  }

  if (want('tools')) {
    step('tools.defs.1000');
    const toolsWs = join(tmp, 'tools-ws');
    await generateToolSkills(join(toolsWs, 'skills'), 100, 10);
    const th = await createSkillHost({
      workspace: toolsWs,
      home: join(tmp, 'tools-home'),
      userHome: join(tmp, 'user'),
      env: {},
    });
    const toolCount = th.snapshot().tools.size;
    if (toolCount < 1000) throw new Error(`expected 1000 tools, found ${toolCount}`);
    figures['tools.defs.1000'] = await microSync(
      (i) => {
        // A fresh snapshot each time, so nothing is cached: both formats are computed.
        const snap = createSnapshot(i + 1, th.skills);
        return [toolDefinitions(snap, 'mcp'), toolDefinitions(snap, 'anthropic')];
      },
      { batch: 1, timeMs: 2000 },
    );
    th.tools.definitions('mcp');
    th.tools.definitions('anthropic');
    figures['tools.defs.1000.cached'] = await microSync(
      () => [th.tools.definitions('mcp'), th.tools.definitions('anthropic')],
      { batch: 100 },
    );
    step('tools.budget.1000');
    Object.assign(figures, await thousandBudgetFigures(th));
    await th.close();
    const budget = await corpusBudgetFigures(step);
    Object.assign(figures, budget.figures);
    notes.push(...budget.notes);
  }

  if (want('refresh')) {
    step('refresh.concurrent-1000');
    Object.assign(figures, await benchAuth(tmp, quick ? 3 : 15));
  }

  if (want('serve')) {
    step('serve');
    Object.assign(figures, await benchServe(tmp));
  }

  if (want('install')) Object.assign(figures, await installFigures({ tmp, quick, step }));

  if (want('install-speed')) {
    const speed = await installSpeedFigures({ tmp, quick, step });
    Object.assign(figures, speed.figures);
    moreTargets.push(...speed.targets);
  }

  if (want('store')) {
    const store = await benchStore({ tmp, quick, step });
    Object.assign(figures, store.figures);
    notes.push(...store.notes);
    if (store.figures['refresh.multi-host-8x1000.requests'])
      moreTargets.push([
        'refresh.multi-host-8x1000.requests = 1',
        `${store.figures['refresh.multi-host-8x1000.requests'].p99} requests (p99)`,
        store.figures['refresh.multi-host-8x1000.requests'].p99 === 1,
      ]);
    if (store.figures['install.propagation'])
      moreTargets.push([
        'install.propagation (host A to host B) <= 2000 ms',
        `${store.figures['install.propagation'].median} ms (p99 ${store.figures['install.propagation'].p99} ms)`,
        store.figures['install.propagation'].p99 <= 2000,
      ]);
  }

  if (want('scaffold')) {
    const scaffold = await scaffoldFigures({ tmp, quick, step });
    Object.assign(figures, scaffold.figures);
    moreTargets.push(...scaffold.targets);
    notes.push(...scaffold.notes);
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}

const ratio = (a: string, b: string) =>
  figures[a] && figures[b] ? figures[a].median / figures[b].median : NaN;
const targets: Array<[string, string, boolean]> = [
  [
    'dispatch.inline p50 <= 0.1 x dispatch.mcp-sdk p50',
    `${ratio('dispatch.inline', 'dispatch.mcp-sdk').toFixed(3)} x`,
    ratio('dispatch.inline', 'dispatch.mcp-sdk') <= 0.1,
  ],
  ...(['dispatch.worker', 'dispatch.sandbox'] as const).map((id): [string, string, boolean] => [
    `${id} p50 <= 75 us`,
    `${figures[id]?.median} us (p99 ${figures[id]?.p99} us)`,
    (figures[id]?.median ?? Infinity) <= 75,
  ]),
  [
    'reload.heap-growth-200 <= 5 MB',
    `${figures['reload.heap-growth-200']?.median} MB`,
    Math.abs(figures['reload.heap-growth-200']?.median ?? Infinity) <= 5,
  ],
  [
    'refresh.concurrent-1000.requests = 1',
    `${figures['refresh.concurrent-1000.requests']?.p99} requests (p99)`,
    figures['refresh.concurrent-1000.requests']?.p99 === 1,
  ],
  [
    'scan.1000 <= 100 ms',
    `${figures['scan.1000']?.median} ms`,
    (figures['scan.1000']?.median ?? Infinity) <= 100,
  ],
  [
    'scan.100 <= 15 ms',
    `${figures['scan.100']?.median} ms`,
    (figures['scan.100']?.median ?? Infinity) <= 15,
  ],
  [
    'prompt.cached.1000 <= 1 ms',
    `${figures['prompt.cached.1000']?.median} us`,
    (figures['prompt.cached.1000']?.median ?? Infinity) <= 1000,
  ],
  [
    'mcp.tools-list.1000 <= 2 ms',
    `${figures['mcp.tools-list.1000']?.median} us`,
    (figures['mcp.tools-list.1000']?.median ?? Infinity) <= 2000,
  ],
  ...(['mcp.tools-list.1000', 'mcp.stateless.tools-call'] as const).map(
    (id): [string, string, boolean] => [
      `${id} p50 / the SDK's minimal server (shown, no target)`,
      `${ratio(id, `${id}.sdk-minimal`).toFixed(2)} x (${figures[id]?.median} us vs ${figures[`${id}.sdk-minimal`]?.median} us)`,
      true,
    ],
  ),
  [
    'tools.defs.1000.cached <= 1 ms',
    `${figures['tools.defs.1000.cached']?.median} us`,
    (figures['tools.defs.1000.cached']?.median ?? Infinity) <= 1000,
  ],
  [
    'tools.budget.5000.recall >= 95 %',
    `${figures['tools.budget.5000.recall']?.median} %`,
    (figures['tools.budget.5000.recall']?.median ?? 0) >= 95,
  ],
  [
    'tools.budget.5000.tokens <= 5000 per turn',
    `${figures['tools.budget.5000.tokens']?.p99} (max)`,
    (figures['tools.budget.5000.tokens']?.p99 ?? Infinity) <= 5000,
  ],
  [
    'tools.budget.1000.cached <= 1 ms',
    `${figures['tools.budget.1000.cached']?.median} us`,
    (figures['tools.budget.1000.cached']?.median ?? Infinity) <= 1000,
  ],
  ...moreTargets,
];

console.log(`\nnode ${process.version}, ${new Date().toISOString()}`);
console.table(
  Object.fromEntries(
    Object.entries(figures).map(([id, f]) => [id, { median: f.median, p99: f.p99, unit: f.unit }]),
  ),
);
if (want('dispatch'))
  console.log(
    `inline / direct: ${ratio('dispatch.inline', 'dispatch.direct').toFixed(1)} x; inline / mcp-sdk: ${ratio('dispatch.inline', 'dispatch.mcp-sdk').toFixed(3)} x; mcp-sdk / direct: ${ratio('dispatch.mcp-sdk', 'dispatch.direct').toFixed(1)} x`,
  );
// A section run prints only the targets whose figures it measured.
const measured = ([what]: [string, string, boolean]) =>
  only.length === 0 || figures[what.split(' ')[0]!] !== undefined;
for (const [what, value, ok] of targets.filter(measured))
  console.log(`${ok ? 'met   ' : 'MISSED'} ${what}: ${value}`);
for (const n of notes) console.log(n);

// A run of some sections only must not pass for the full set of figures.
const out = join(here, 'results', only.length ? 'sections.json' : 'latest.json');
await mkdir(dirname(out), { recursive: true });
await writeFile(
  out,
  JSON.stringify({ node: process.version, date: new Date().toISOString(), figures }, null, 2) +
    '\n',
);
console.log(`\nwritten ${out}`);
