// The activator as the host wires it: code skills run in their runner with a context built
// from the current config; the built-in tools and MCP servers' tools activate in-process.
import type { AuthManager } from '../auth/manager.js';
import type { SessionTools } from '../budget/index.js';
import type { Catalog } from '../catalog/catalog.js';
import { createSkillContext } from '../context/create.js';
import { activateBuiltin } from '../host-tools/index.js';
import type { McpClients } from '../mcp-client/index.js';
import { createActivator, type Activator } from '../runners/activations.js';
import type { HostLogging } from './logging.js';
import type { HostRunners } from './runners.js';
import type { HostSettings, LiveConfig } from './settings.js';

export interface HostActivatorDeps {
  settings: HostSettings;
  config: LiveConfig;
  logging: HostLogging;
  auth: AuthManager;
  catalog: Catalog;
  runners: HostRunners;
  mcp: McpClients;
  sessions: SessionTools;
}

export function createHostActivator(deps: HostActivatorDeps): Activator {
  const { settings, config, logging, catalog } = deps;
  return createActivator({
    runnerFor: (skill) => deps.runners.runnerFor(skill),
    contextFor: (skill) =>
      createSkillContext(skill, {
        home: settings.home,
        config: config.current,
        configFile: settings.paths.config,
        env: settings.env,
        logger: logging.base,
        redactor: logging.redactor,
        auth: deps.auth,
      }),
    special: (skill) =>
      skill.source.kind === 'builtin'
        ? activateBuiltin(() => catalog.current(), {
            config: () => config.current,
            sessions: deps.sessions,
          })
        : deps.mcp.activeSkill(skill),
    onDisposeError: (skill, e) =>
      logging.logger.warn({ err: e, skill }, `Skill "${skill}" failed while being unloaded.`),
  });
}
