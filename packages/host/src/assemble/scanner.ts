// Reading the skill sources into a catalog snapshot. Reading (no code runs) and publishing
// are separate steps, so an install can load a new generation before the snapshot that
// serves it goes out. Each publish also adds the MCP servers' current records, renews the
// secrets known for redaction, and retires activations of records that left.
import { resolve } from 'node:path';
import type { Logger } from '@openclaw/skill-sdk';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogSnapshot, SkillRecord, SkillSource } from '../catalog/types.js';
import { knownSecretValues } from '../context/secrets.js';
import { builtinSkillRecord } from '../host-tools/index.js';
import { carryOver } from '../install/generations.js';
import type { McpClients } from '../mcp-client/index.js';
import { mcpCollisions } from '../mcp-client/records.js';
import { storeSecretValues } from '../pg/secrets.js';
import type { Activator } from '../runners/activations.js';
import { openFolderCache, readerIdentity, type FolderCache } from '../scan/folder-cache.js';
import { scanSkills, type ScanResult } from '../scan/scan.js';
import { slicer } from '../scan/yield.js';
import { listSources } from '../sources/list.js';
import { mcpSecretValues } from './mcp-secrets.js';
import type { SecretBook } from './secret-book.js';
import type { HostSettings, LiveConfig } from './settings.js';

/** Which sources the host reads (the options of the same names). */
export interface SourceOptions {
  sources?: string[];
  skillFolders?: string[];
  skillDir?: string;
  hostTools?: boolean;
  scanCache?: boolean;
}

export interface SkillScannerDeps {
  settings: HostSettings;
  config: LiveConfig;
  catalog: Catalog;
  mcp: McpClients;
  activator: Activator;
  secrets: SecretBook;
  logger: Logger;
  options: SourceOptions;
}

type Scanned = Pick<ScanResult, 'records' | 'problems'>;

export class SkillScanner {
  readonly #deps: SkillScannerDeps;
  #scanned: Scanned = { records: [], problems: [] };
  #cache: FolderCache | undefined;
  #readerId: string | undefined;
  // Cache writes run after the snapshot is out, off the scan's clock; close() waits for them.
  #cacheWrites: Promise<void> = Promise.resolve();
  // Per record: the fingerprint carryOver compares, so unchanged skills keep their record.
  readonly #stamps = new WeakMap<SkillRecord, string>();

  constructor(deps: SkillScannerDeps) {
    this.#deps = deps;
  }

  /** The sources as configured now (a rescan may have changed config.sources). */
  sources(): SkillSource[] {
    const { options, settings, config } = this.#deps;
    if (options.skillDir)
      return [{ kind: 'package', dir: resolve(options.skillDir), precedence: 0 }];
    return listSources({
      workspace: settings.workspace,
      userHome: settings.userHome,
      home: settings.home,
      ...(options.sources && { extra: options.sources }),
      ...(options.skillFolders && { skillFolders: options.skillFolders }),
      ...(config.current.sources && { configSources: config.current.sources }),
    });
  }

  /**
   * Reads every source into records. The first read runs in one go: no call can wait on it
   * (the caller awaits the host). Unchanged skills keep their record object, so their
   * activation (generation) stays.
   */
  async read(first = false): Promise<ScanResult> {
    const { settings, config, options } = this.#deps;
    const cache = this.#openCache();
    const result = await scanSkills({
      sources: this.sources(),
      config: config.current,
      configFile: settings.paths.config,
      env: settings.env,
      ...(options.hostTools !== false && { extraRecords: [builtinSkillRecord()] }),
      ...(cache && { readFolder: cache.read }),
      ...(first && { sliceMs: Infinity }),
    });
    if (cache) this.#saveLater(cache);
    const records = await carryOver(
      this.#scanned.records,
      result.records,
      this.#stamps,
      slicer(first ? Infinity : undefined),
    );
    return { ...result, records };
  }

  /**
   * The first snapshot: MCP servers are configured before it so it lists them; eager ones
   * are up (or failing, with a reason) before the host is handed out.
   */
  async start(): Promise<CatalogSnapshot> {
    const eager = this.#deps.mcp.configure(this.#deps.config.current);
    const snapshot = this.publish(await this.read(true));
    await eager;
    return snapshot;
  }

  /** Re-reads the config and every source, and publishes the result. */
  async refresh(): Promise<CatalogSnapshot> {
    const config = await this.#deps.config.reload();
    const eager = this.#deps.mcp.configure(config);
    const snapshot = this.publish(await this.read());
    await eager;
    return snapshot;
  }

  /** Publishes a read as the new snapshot. */
  publish(result: Scanned): CatalogSnapshot {
    this.#scanned = result;
    return this.republish();
  }

  /** Publishes the last read again with the MCP servers' current records (a server changed). */
  republish(): CatalogSnapshot {
    const { catalog, mcp, settings, config, secrets, activator } = this.#deps;
    const scanned = this.#scanned;
    const servers = mcp.records();
    const collisions = servers.length
      ? mcpCollisions(scanned.records, servers, settings.paths.config)
      : [];
    const snapshot = catalog.publish(
      servers.length ? [...scanned.records, ...servers] : scanned.records,
      collisions.length ? [...scanned.problems, ...collisions] : scanned.problems,
    );
    secrets.setScanned([
      ...knownSecretValues(snapshot.skills, config.current, settings.env),
      ...mcpSecretValues(config.current),
      ...storeSecretValues(config.current, settings.env),
    ]);
    activator.retain(snapshot.skills);
    return snapshot;
  }

  /** Waits for the scan cache writes still pending. */
  flush(): Promise<void> {
    return this.#cacheWrites;
  }

  #openCache(): FolderCache | undefined {
    if (this.#deps.options.scanCache === false) return undefined;
    this.#readerId ??= readerIdentity();
    this.#cache = openFolderCache(this.#deps.settings.paths.scanCache, this.#readerId, this.#cache);
    return this.#cache;
  }

  #saveLater(cache: FolderCache): void {
    const file = this.#deps.settings.paths.scanCache;
    this.#cacheWrites = this.#cacheWrites.then(() =>
      cache
        .save()
        .catch((e: unknown) =>
          this.#deps.logger.warn(
            { err: e },
            `Could not write the scan cache ${file}; the next start re-reads every skill.`,
          ),
        ),
    );
  }
}
