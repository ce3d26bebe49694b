// The host's full auth manager, for this repository's own tools (the CLI's `auth` commands
// check the vault and providers before a login; tests ask for tokens as a skill's call
// would). An embedder's `host.auth` is the public view only.
import type { AuthManager } from '../auth/manager.js';
import type { SkillHost } from '../host-api.js';

const managers = new WeakMap<SkillHost, AuthManager>();

export function registerInternalAuth(host: SkillHost, auth: AuthManager): SkillHost {
  managers.set(host, auth);
  return host;
}

/** The auth manager behind `host.auth`; throws for an object no createSkillHost returned. */
export function internalAuth(host: SkillHost): AuthManager {
  const auth = managers.get(host);
  if (!auth) throw new TypeError('internalAuth: not a host made by createSkillHost.');
  return auth;
}
