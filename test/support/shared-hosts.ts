// Hosts that share one Postgres store, for the multi-host install suites: each has its own
// home (its own npm store and generations) and talks to the others only through the
// database. Plus waiting for a host's events (never a sleep).
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createSkillHost,
  type HostConfig,
  type InstallResult,
  type SkillHost,
} from '@openclaw/skill-host';
import { testLogger } from './test-logger.js';

export const newEncryptionKey = () => randomBytes(32).toString('base64');

export interface SharedSetup {
  url: string;
  registryUrl: string;
  env: NodeJS.ProcessEnv;
  tmp: string;
}

export async function sharedHost(
  s: SharedSetup,
  home?: string,
  extra: HostConfig = {},
  options: { followInstalls?: boolean } = {},
): Promise<SkillHost> {
  const root = await mkdtemp(join(s.tmp, 'host-'));
  const config: HostConfig = {
    ...extra,
    runner: 'inline',
    install: { registry: s.registryUrl },
    store: { type: 'postgres', url: s.url },
  };
  return createSkillHost({
    home: home ?? join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: s.env,
    config,
    hostTools: false,
    scanCache: false,
    logger: testLogger().logger,
    ...options,
  });
}

/** Resolves with the host's next `install` event that matches. */
export function nextInstall(
  host: SkillHost,
  match: (r: InstallResult) => boolean = () => true,
): Promise<InstallResult> {
  return new Promise((resolve) => {
    const listener = (r: InstallResult) => {
      if (!match(r)) return;
      host.off('install', listener);
      resolve(r);
    };
    host.on('install', listener);
  });
}

/** Resolves with the host's next `store` event in the given state. */
export function nextStoreState(host: SkillHost, state: 'lost' | 'back'): Promise<void> {
  return new Promise((resolve) => {
    const listener = (e: { state: 'lost' | 'back' }) => {
      if (e.state !== state) return;
      host.off('store', listener);
      resolve();
    };
    host.on('store', listener);
  });
}

export async function versionOf(host: SkillHost, tool: string, delayMs = 0): Promise<string> {
  const r = await host.call({ name: tool, input: { delayMs } });
  if (r.isError) throw new Error(`${r.code}: ${r.message}`);
  return (r.structured as { version: string }).version;
}
