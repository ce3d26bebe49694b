// The SkillHost object handed to the embedder: each method delegates to the part that owns
// it. Built last, from parts that all exist already.
import type { AuthManager } from '../auth/manager.js';
import { publicAuth } from '../auth/public.js';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { Emitter, HostEvents } from '../events.js';
import type { SkillHost } from '../host-api.js';
import type { McpClients } from '../mcp-client/index.js';
import { injectSkills } from '../prompt/index.js';
import type { Activator } from '../runners/activations.js';
import { registerInternalAuth } from './internal-auth.js';
import type { HostCalls } from './calls.js';
import type { HostInstalls } from './installs.js';
import type { HostOffers } from './prompt.js';
import type { ExclusiveQueue } from './queue.js';
import type { SkillScanner } from './scanner.js';
import type { HostSettings, LiveConfig } from './settings.js';
import type { HostWatchers } from './watch.js';

/** How long host.mcp.ready() waits for servers by default. */
export const DEFAULT_MCP_READY_MS = 5_000;

export interface HostParts {
  settings: HostSettings;
  config: LiveConfig;
  auth: AuthManager;
  catalog: Catalog;
  events: Emitter<HostEvents>;
  mcp: McpClients;
  activator: Activator;
  scanner: SkillScanner;
  queue: ExclusiveQueue;
  installs: HostInstalls;
  watchers: HostWatchers;
  calls: HostCalls;
  offers: HostOffers;
  rescan(): Promise<CatalogSnapshot>;
  /** Closes what the shared store opened (its audit shipper, then the store itself). */
  closeShared(): Promise<void>;
}

export function hostSurface(p: HostParts): SkillHost {
  const { catalog, installs, events, mcp } = p;
  const host: SkillHost = {
    home: p.settings.home,
    get config() {
      return p.config.current;
    },
    auth: publicAuth(p.auth),
    get skills() {
      return catalog.current().skills;
    },
    snapshot: () => catalog.current(),
    rescan: () => p.rescan(),
    prompt: (opts) => p.offers.prompt(opts),
    injectSkills: (systemPrompt, opts) => injectSkills(systemPrompt, p.offers.prompt(opts).text),
    tools: { definitions: (format, opts) => p.offers.definitions(format, opts) },
    call: (call, ctx) => p.calls.call(call, ctx),
    callMany: (calls, ctx) => p.calls.callMany(calls, ctx),
    mcp: {
      servers: () => mcp.status(),
      start: (names) => mcp.start(names),
      ready: (opts) => mcp.ready(opts?.timeoutMs ?? DEFAULT_MCP_READY_MS),
    },
    install: (spec, opts) => installs.install(spec, opts),
    installFrozen: (opts) => installs.installFrozen(opts),
    update: (name, opts) => installs.update(name, opts),
    remove: (name, opts) => installs.remove(name, opts),
    rollback: (name, opts) => installs.rollback(name, opts),
    checkInstalls: (opts) => installs.check(opts),
    outdated: () => installs.outdated(),
    watch: (opts) => p.watchers.watch(opts),
    on: (event, listener) => events.on(event, listener),
    off: (event, listener) => events.off(event, listener),
    close: () => closeParts(p),
  };
  return registerInternalAuth(host, p.auth);
}

/**
 * Stops taking work, then closes in dependency order: watchers and the follower (which
 * start rescans and installs), the queue's last operation, then the router, loaded skills,
 * cache writes and MCP servers together, and the shared store last.
 */
async function closeParts(p: HostParts): Promise<void> {
  if (p.queue.closed) return;
  p.queue.close();
  p.events.clear();
  await p.watchers.close();
  await p.installs.close();
  await p.queue.idle();
  await Promise.all([p.calls.close(), p.activator.close(), p.scanner.flush(), p.mcp.close()]);
  await p.closeShared();
}
