// A loopback npm registry that holds this repository's packages as a release would publish
// them, for suites where a real `npm install` of a generated skill must work sealed: verdaccio
// (./verdaccio.ts) with our packages packed by `pnpm pack` (so `workspace:` ranges become
// versions) and published, proxying every other package from the workspace mirror
// (./workspace-mirror.ts), which serves only versions already on disk. Start once per suite.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { withPackLock } from '../../packages/create-openclaw-skill/src/checkout.js';
import { startRegistry, type TestRegistry } from './verdaccio.js';
import { startWorkspaceMirror, type WorkspaceMirror } from './workspace-mirror.js';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
/** What a generated skill installs from us: the SDK, the CLI (and the host it needs), the scaffolder. */
export const PUBLISHED = ['sdk', 'host', 'cli', 'create-openclaw-skill'];

export interface WorkspaceRegistry {
  registry: TestRegistry;
  mirror: WorkspaceMirror;
  /**
   * Environment for npm commands against it (its npmrc, cache and registry); no CI variable,
   * and prefer-offline so the suite's installs share one warm npm cache.
   */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export interface WorkspaceRegistryOptions {
  /**
   * Publish our packages (the default). Without them the registry is what a clone faces
   * before any release: every third-party package, none of ours.
   */
  ours?: boolean;
}

export async function startWorkspaceRegistry(
  opts: WorkspaceRegistryOptions = {},
): Promise<WorkspaceRegistry> {
  const mirror = await startWorkspaceMirror(ROOT);
  const registry = await startRegistry({
    uplink: { url: mirror.url, local: ['@openclaw/*', 'create-openclaw-skill'] },
  });
  const env = {
    ...registry.env,
    CI: '',
    npm_config_user_agent: '',
    npm_config_prefer_offline: 'true',
  };
  if (opts.ours !== false) await publishOurs(env);
  return {
    registry,
    mirror,
    env,
    async close() {
      await registry.close();
      await mirror.close();
    },
  };
}

/** Packs our packages as a release would (`workspace:` ranges become versions) and publishes them. */
export async function publishOurs(env: NodeJS.ProcessEnv): Promise<void> {
  const packs = await mkdtemp(join(tmpdir(), 'oc-packs-'));
  try {
    await withPackLock(async () => {
      for (const p of PUBLISHED) {
        await exec('pnpm', ['pack', '--pack-destination', packs], {
          cwd: join(ROOT, 'packages', p),
          maxBuffer: 64 << 20,
        }).catch((e: { stderr?: string }) => {
          throw new Error(`pnpm pack ${p} failed: ${e.stderr ?? String(e)}`);
        });
      }
    });
    for (const tgz of await readdir(packs))
      await exec('npm', ['publish', join(packs, tgz), '--ignore-scripts'], {
        cwd: packs,
        env,
        maxBuffer: 64 << 20,
      });
  } finally {
    await rm(packs, { recursive: true, force: true });
  }
}
