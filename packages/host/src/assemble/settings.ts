// What every other part of the host is built from: the folders it works in (resolved once
// from the options and the environment) and the live host config, which a rescan reloads.
import type { HostConfig } from '../config/schema.js';
import { loadHostConfig } from '../config/load.js';
import { hostPaths, resolveHome, resolveUserHome, type HostPaths } from '../paths.js';

export interface SettingsOptions {
  home?: string;
  workspace?: string;
  userHome?: string;
  env?: NodeJS.ProcessEnv;
}

export interface HostSettings {
  readonly env: NodeJS.ProcessEnv;
  /** The user's home folder (`~`). */
  readonly userHome: string;
  /** The host's state folder. */
  readonly home: string;
  readonly paths: HostPaths;
  readonly workspace: string;
}

/** Pure on its inputs: `cwd` stands in for the current folder when no workspace is given. */
export function resolveSettings(options: SettingsOptions, cwd: string): HostSettings {
  const env = options.env ?? process.env;
  const home = resolveHome({ ...options, env });
  return {
    env,
    userHome: resolveUserHome(options),
    home,
    paths: hostPaths(home),
    workspace: options.workspace ?? cwd,
  };
}

/**
 * The effective config: `<home>/config.json` merged with the `config` option. Every part
 * reads `current` when it acts, so a reload applies to the next call, scan or runner start.
 */
export class LiveConfig {
  #current: HostConfig;

  private constructor(
    private readonly file: string,
    private readonly overrides: HostConfig | undefined,
    first: HostConfig,
  ) {
    this.#current = first;
  }

  static async load(file: string, overrides?: HostConfig): Promise<LiveConfig> {
    return new LiveConfig(file, overrides, await loadHostConfig(file, overrides));
  }

  get current(): HostConfig {
    return this.#current;
  }

  /** Reads the file again; on a bad file the previous config stays and the error propagates. */
  async reload(): Promise<HostConfig> {
    this.#current = await loadHostConfig(this.file, this.overrides);
    return this.#current;
  }
}
