// What an embedder sees as `host.auth`: who is logged in where, logging in and out, and API
// keys to set or delete. Nothing here hands out a token, a key's value, the vault or the
// grant store: those stay with the host, which uses them for the skills' calls.
import type { SkillRecord } from '../catalog/types.js';
import type { Grant } from './grants.js';
import type { LoginRequest } from './login-flow.js';
import type { LogoutResult } from './logout.js';

/** An oauth2 entry of a skill without a usable grant covering its tools' scopes. */
export interface LoginNeeded {
  key: string;
  provider: string;
  /** The command that logs it in. */
  command: string;
  /** Short scope names no grant covers yet. */
  missing: string[];
}

export type AuthSkill = Pick<SkillRecord, 'name' | 'manifest' | 'tools'>;

export interface HostAuth {
  /** Grants (no secrets: who, which provider and account, which scopes, state, expiry). */
  list(filter?: { skill?: string; provider?: string }): Promise<Grant[]>;
  /** Which oauth2 entries of a skill need a login. */
  needsLogin(record: AuthSkill): Promise<LoginNeeded[]>;
  /** Logs a skill in for one of its oauth2 providers; consent covers every tool's scopes. */
  login(record: AuthSkill, req: Omit<LoginRequest, 'skill'>): Promise<Grant>;
  /** Removes grants (all of a skill, or one provider/account), revoking at the provider. */
  logout(filter: { skill: string; provider?: string; account?: string }): Promise<LogoutResult[]>;
  /** Stores an API key for a skill (`auth set-key`). */
  setKey(skill: string, name: string, value: string): Promise<void>;
  deleteKey(skill: string, name: string): Promise<boolean>;
}

/** A view of `auth` with only the public methods (a cast would still hand out the rest). */
export function publicAuth(auth: HostAuth): HostAuth {
  return {
    list: (filter) => auth.list(filter),
    needsLogin: (record) => auth.needsLogin(record),
    login: (record, req) => auth.login(record, req),
    logout: (filter) => auth.logout(filter),
    setKey: (skill, name, value) => auth.setKey(skill, name, value),
    deleteKey: (skill, name) => auth.deleteKey(skill, name),
  };
}
