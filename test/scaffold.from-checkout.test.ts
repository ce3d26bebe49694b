// `openclaw-skill new` in a clone of this repository, before any release: the registry has
// every third-party package and none of ours (a loopback verdaccio over the workspace mirror,
// ours never proxied). The skill is wired to the clone's own packages, packed into
// .openclaw/packages/, at the clone's versions; `npm install` (run by `new`) and `npm test`
// pass. `--registry-deps` keeps the registry's versions instead.
import { execFile, type ExecFileOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkspaceRegistry, type WorkspaceRegistry } from './support/workspace-registry.js';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'packages/cli/dist/bundle/openclaw-skill.cjs');
const STEP_TIMEOUT = 420_000;
const versionOf = async (dir: string) =>
  (JSON.parse(await readFile(join(ROOT, dir, 'package.json'), 'utf8')) as { version: string })
    .version;

let registry: WorkspaceRegistry;
let tmp: string;
let env: NodeJS.ProcessEnv;

function run(cmd: string, args: string[], opts: ExecFileOptions) {
  return new Promise<{ code: number; out: string }>((done) => {
    execFile(cmd, args, { maxBuffer: 64 << 20, ...opts }, (err, stdout, stderr) =>
      done({ code: err ? Number(err.code) || 1 : 0, out: `${stdout}\n${stderr}` }),
    );
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-scaffold-checkout-'));
  registry = await startWorkspaceRegistry({ ours: false });
  await mkdir(join(tmp, 'home'));
  env = { ...registry.env, HOME: join(tmp, 'home') };
}, 300_000);

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('openclaw-skill new in a clone, with no registry holding our packages', () => {
  const dir = () => join(tmp, 'clone-skill');

  it(
    "wires the skill to the clone's packed packages at the clone's versions, and npm install passes",
    async () => {
      const r = await run(
        process.execPath,
        [CLI, 'new', 'clone-skill', '--yes', '--no-git', '--pm', 'npm'],
        {
          cwd: tmp,
          env,
        },
      );
      expect(r.out).toContain("Packing this clone's packages into .openclaw/packages/");
      expect(r.code, r.out).toBe(0);
      const pkg = JSON.parse(await readFile(join(dir(), 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
        overrides: Record<string, string>;
      };
      const sdk = `file:.openclaw/packages/openclaw-skill-sdk-${await versionOf('packages/sdk')}.tgz`;
      const cli = `file:.openclaw/packages/openclaw-skill-cli-${await versionOf('packages/cli')}.tgz`;
      expect(pkg.dependencies['@openclaw/skill-sdk']).toBe(sdk);
      expect(pkg.devDependencies['@openclaw/skill-cli']).toBe(cli);
      expect(pkg.overrides).toMatchObject({
        '@openclaw/skill-sdk': sdk,
        '@openclaw/skill-cli': cli,
      });
      for (const spec of Object.values(pkg.overrides))
        expect(existsSync(join(dir(), spec.slice('file:'.length))), spec).toBe(true);
      expect(existsSync(join(dir(), 'node_modules/@openclaw/skill-sdk/package.json'))).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    'npm test passes in the new skill',
    async () => {
      const r = await run('npm', ['test'], { cwd: dir(), env });
      expect(r.code, r.out).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it('with --registry-deps keeps the registry versions (and npm cannot find ours there)', async () => {
    const r = await run(
      process.execPath,
      [CLI, 'new', 'registry-skill', '--yes', '--no-git', '--registry-deps', '--skip-install'],
      { cwd: tmp, env },
    );
    expect(r.code, r.out).toBe(0);
    const pkg = JSON.parse(await readFile(join(tmp, 'registry-skill', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      overrides?: unknown;
    };
    expect(pkg.dependencies['@openclaw/skill-sdk']).toBe(await versionOf('packages/sdk'));
    expect(pkg.overrides).toBeUndefined();
    expect(existsSync(join(tmp, 'registry-skill', '.openclaw'))).toBe(false);
  });
});
