// Builds the SkillContext a skill's createTools receives.
import type { Logger as PinoLogger } from 'pino';
import type { SkillContext } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { skillSettings } from '../config/load.js';
import type { HostConfig } from '../config/schema.js';
import { hostPaths } from '../paths.js';
import type { AuthManager } from '../auth/manager.js';
import { createSkillAuth } from './auth.js';
import type { Redactor } from '../redact/index.js';
import { skillLogger } from './logger.js';
import { createSkillSecrets } from './secrets.js';
import { createSkillStorage } from './storage.js';

export interface ContextDeps {
  home: string;
  config: HostConfig;
  configFile: string;
  env: NodeJS.ProcessEnv;
  logger: PinoLogger;
  /** The current redactor (it changes when a rescan changes the known secrets). */
  redactor: () => Redactor;
  fetch?: typeof fetch;
  /** The host's auth manager (grants, tokens, stored keys). */
  auth?: AuthManager;
}

export function createSkillContext(record: SkillRecord, deps: ContextDeps): SkillContext {
  const settings = skillSettings(deps.config, record.name);
  const manager = deps.auth;
  const secrets = createSkillSecrets(
    record,
    settings,
    deps.env,
    manager && ((name) => manager.getKey(record.name, name)),
  );
  return {
    skill: { name: record.name, version: record.version, dir: record.dir },
    // Frozen by the scan (deeply): a skill cannot change what other calls see.
    config: Object.isFrozen(record.config) ? record.config : Object.freeze({ ...record.config }),
    auth: createSkillAuth(record, secrets, {
      configFile: deps.configFile,
      ...(deps.fetch && { fetch: deps.fetch }),
      ...(manager && { manager }),
    }),
    secrets,
    logger: skillLogger(deps.logger, record.name, deps.redactor),
    storage: createSkillStorage(hostPaths(deps.home).storage(record.name)),
  };
}
