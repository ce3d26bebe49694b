// The published CLI used as a library: its tarball (`pnpm pack`, as a release publishes it)
// installed with `npm install --omit=dev` into an empty folder, against a loopback registry
// holding our SDK and the workspace's third-party packages. Only the CLI's declared
// dependencies are there (no host, no commander), and `import('@openclaw/skill-cli')` works:
// `run` validates a skill folder and answers `list --json` for an empty home.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPackLock } from '../packages/create-openclaw-skill/src/checkout.js';
import { startWorkspaceRegistry, type WorkspaceRegistry } from './support/workspace-registry.js';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');

let registry: WorkspaceRegistry;
let tmp: string;
let app: string;
let env: NodeJS.ProcessEnv;

const SKILL_MD = `---
name: lib-check
description: Checks that the CLI library validates a skill folder. Use in tests only.
---

# lib-check

Nothing to do.
`;

/** Runs an ES module snippet in the app folder, so the import resolves from its node_modules. */
async function inApp(code: string): Promise<string> {
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', code], {
    cwd: app,
    env,
  });
  return stdout;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-cli-library-'));
  app = join(tmp, 'app');
  await mkdir(join(tmp, 'home'));
  await mkdir(app);
  registry = await startWorkspaceRegistry();
  env = { ...registry.env, HOME: join(tmp, 'home') };
  const packs = join(tmp, 'packs');
  await withPackLock(() =>
    exec('pnpm', ['pack', '--pack-destination', packs], {
      cwd: join(ROOT, 'packages/cli'),
      maxBuffer: 64 << 20,
    }),
  );
  const [tgz] = await readdir(packs);
  await writeFile(join(app, 'package.json'), '{"name":"app","private":true,"type":"module"}\n');
  await exec('npm', ['install', '--omit=dev', '--ignore-scripts', join(packs, tgz!)], {
    cwd: app,
    env,
    maxBuffer: 64 << 20,
  });
  await mkdir(join(tmp, 'lib-check'));
  await writeFile(join(tmp, 'lib-check', 'SKILL.md'), SKILL_MD);
}, 300_000);

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("import '@openclaw/skill-cli' with only the CLI's declared dependencies installed", () => {
  it('installs neither the host nor commander beside the CLI', () => {
    expect(existsSync(join(app, 'node_modules/@openclaw/skill-cli/package.json'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/@openclaw/skill-host'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/commander'))).toBe(false);
  });

  it('imports, and run() validates a skill folder with exit code 0', async () => {
    const out = await inApp(`
      const cli = await import('@openclaw/skill-cli');
      const io = cli.memoryIo({ env: process.env });
      const code = await cli.run(['validate', ${JSON.stringify(join(tmp, 'lib-check'))}], io);
      console.log(JSON.stringify({ exports: Object.keys(cli).sort(), code, out: io.out, err: io.err }));
    `);
    const r = JSON.parse(out) as { exports: string[]; code: number; out: string; err: string };
    expect(r.exports).toEqual(['EXIT', 'buildProgram', 'memoryIo', 'processIo', 'run']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('(lib-check)');
  }, 60_000);

  it('run() reports a bad skill folder with exit code 1 and names the file', async () => {
    const bad = join(tmp, 'bad-skill');
    await mkdir(bad, { recursive: true });
    await writeFile(join(bad, 'SKILL.md'), '---\nname: Bad Name\n---\n');
    const out = await inApp(`
      const { run, memoryIo } = await import('@openclaw/skill-cli');
      const io = memoryIo({ env: process.env });
      const code = await run(['validate', ${JSON.stringify(bad)}], io);
      console.log(JSON.stringify({ code, text: io.out + io.err }));
    `);
    const r = JSON.parse(out) as { code: number; text: string };
    expect(r.code).toBe(1);
    expect(r.text).toContain('SKILL.md');
  }, 60_000);

  it('run() opens a host from the bundle: list --json on an empty home prints []', async () => {
    const home = join(tmp, 'oc-home');
    const out = await inApp(`
      const { run, memoryIo } = await import('@openclaw/skill-cli');
      const io = memoryIo({ env: process.env, cwd: ${JSON.stringify(tmp)} });
      const code = await run(['list', '--json', '--home', ${JSON.stringify(home)}], io);
      console.log(JSON.stringify({ code, out: io.out, err: io.err }));
    `);
    const r = JSON.parse(out) as { code: number; out: string; err: string };
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(r.out)).toEqual([]);
  }, 60_000);
});
