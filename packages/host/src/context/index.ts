export { createSkillContext, type ContextDeps } from './create.js';
export { createSkillStorage } from './storage.js';
export {
  createSkillSecrets,
  declaredSecretNames,
  knownSecretValues,
  lookupSecret,
} from './secrets.js';
export { createSkillAuth, type SkillAuthOptions } from './auth.js';
export { redactForLog, redactingLogger, skillLogger } from './logger.js';
