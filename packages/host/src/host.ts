// createSkillHost: the library surface. It builds the host's parts in dependency order,
// each from parts built before it (see assemble/): settings and config, logging and the
// secrets it redacts, the shared store, auth, the catalog and MCP clients, runners and the
// activator, the scanner, installs, watchers, calls and what the model is offered. Data flows
// config + sources -> scan -> catalog snapshot -> prompt / tool definitions (prompt/,
// formats/) and tool calls (router/), with lazy activation of code skills in a runner.
import { dirname, join } from 'node:path';
import { createAuthManager, type AuthManager } from './auth/manager.js';
import { SessionTools, UsageReader } from './budget/index.js';
import { createCatalog } from './catalog/catalog.js';
import type { SkillHost, SkillHostOptions } from './host-api.js';
import { McpClients } from './mcp-client/index.js';
import { createHostActivator } from './assemble/activation.js';
import { HostCalls, routerDeps } from './assemble/calls.js';
import { HostInstalls, settleInterrupted } from './assemble/installs.js';
import { createHostLogging, defaultLogger, type HostLogging } from './assemble/logging.js';
import { HostOffers } from './assemble/prompt.js';
import { ExclusiveQueue } from './assemble/queue.js';
import { HostRunners } from './assemble/runners.js';
import { SkillScanner } from './assemble/scanner.js';
import { SecretBook } from './assemble/secret-book.js';
import { LiveConfig, resolveSettings, type HostSettings } from './assemble/settings.js';
import {
  chooseInstallState,
  openConfiguredStore,
  shipAudit,
  type InstallStateChoice,
} from './assemble/shared-store.js';
import { Signal } from './assemble/signal.js';
import { hostSurface } from './assemble/surface.js';
import { HostWatchers } from './assemble/watch.js';
import type { SharedStore } from './pg/index.js';

export type {
  SkillHost,
  SkillHostOptions,
  PromptCallOptions,
  HostWatchOptions,
} from './host-api.js';

/** The parts every other part is built on: where the host works, what it logs, who it is. */
interface Foundation {
  settings: HostSettings;
  config: LiveConfig;
  secrets: SecretBook;
  logging: HostLogging;
  shared: SharedStore | undefined;
  install: InstallStateChoice;
  auth: AuthManager;
}

async function buildFoundation(options: SkillHostOptions): Promise<Foundation> {
  const settings = resolveSettings(options, process.cwd());
  const config = await LiveConfig.load(settings.paths.config, options.config);
  const secrets = new SecretBook();
  const logging = createHostLogging(options.logger ?? defaultLogger(settings.env), secrets);
  const { logger, events } = logging;
  const storeDeps = { settings, config, logger, events };
  const shared = await openConfiguredStore(storeDeps);
  const install = chooseInstallState(shared, storeDeps);
  const auth = createAuthManager({
    home: settings.home,
    config: () => config.current,
    configFile: settings.paths.config,
    env: settings.env,
    warn: (line) => logger.warn({}, line),
    ...(shared && { grants: shared.grants, vault: shared.vault, service: shared.service }),
    ...options.auth,
  });
  // Every token, refresh token, client secret and key the auth manager sees is redacted.
  secrets.track(auth);
  return { settings, config, secrets, logging, shared, install, auth };
}

export async function createSkillHost(options: SkillHostOptions = {}): Promise<SkillHost> {
  const base = await buildFoundation(options);
  const { settings, config, logging, auth, install, shared } = base;
  const { logger, events } = logging;
  const { paths } = settings;
  const catalog = createCatalog();
  const mcpChanged = new Signal();
  const mcp = new McpClients({
    configFile: paths.config,
    knownToolsFile: join(dirname(paths.scanCache), 'mcp-tools.json'),
    onChange: mcpChanged.fire,
    ...options.mcp,
  });
  const runners = new HostRunners({ settings, config, logger, ...pickRunner(options) });
  // The tool budget: usage counts from the audit log, and what each session found.
  const usage = new UsageReader({ file: paths.audit });
  const sessions = new SessionTools();
  const activator = createHostActivator({
    ...{ settings, config, logging, auth, catalog, runners, mcp, sessions },
  });
  const scanner = new SkillScanner({
    ...{ settings, config, catalog, mcp, activator, logger },
    secrets: base.secrets,
    options,
  });
  const queue = new ExclusiveQueue();
  mcpChanged.connect(() => {
    if (!queue.closed) events.emit('change', scanner.republish());
  });
  if (options.reconcileInstalls !== false) {
    await settleInterrupted({ settings, config, state: install.state, logger });
  }
  await scanner.start();

  const rescan = () =>
    queue.run(async () => {
      const snapshot = await scanner.refresh();
      events.emit('change', snapshot);
      return snapshot;
    });
  const installs = new HostInstalls({
    ...{ settings, config, queue, scanner, activator, catalog, events, logger },
    state: install.state,
    ...(options.followRetry && { followRetry: options.followRetry }),
  });
  const watchers = new HostWatchers({
    ...{ paths, catalog, rescan, events, logger },
    sources: () => scanner.sources(),
  });
  const calls = new HostCalls(
    routerDeps({
      ...{ home: settings.home, config, logger },
      snapshot: () => catalog.current(),
      activate: (skill) => activator.activate(skill),
      secretValues: () => base.secrets.values(),
      runnerOf: (skill) => runners.kindOf(skill),
      ...(options.approve && { approve: options.approve }),
      ...(options.beforeCall && { beforeCall: options.beforeCall }),
    }),
    mcp,
  );
  const offers = new HostOffers({
    ...{ catalog, config, mcp, usage, sessions },
    userHome: settings.userHome,
    hostTools: options.hostTools !== false,
  });
  if (options.followInstalls !== false) await installs.follow();
  const auditShipper = await shipAudit(shared, install.origin, {
    settings,
    config,
    logger,
    events,
  });
  return hostSurface({
    ...{ settings, config, auth, catalog, events, mcp, activator, scanner, queue },
    ...{ installs, watchers, calls, offers, rescan },
    closeShared: async () => {
      await auditShipper?.close();
      await shared?.close();
    },
  });
}

const pickRunner = (o: SkillHostOptions) => ({
  ...(o.runner && { runner: o.runner }),
  ...(o.maxInlineReloads !== undefined && { maxInlineReloads: o.maxInlineReloads }),
});
