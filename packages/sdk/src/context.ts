// What a skill's code gets from the host. Skills import these types
// only; the host implements them.

export interface Logger {
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

export interface SkillAuth {
  /** A short-lived access token for a provider the manifest declares (a key of `auth`). */
  getAccessToken(provider: string, opts?: { scopes?: string[] }): Promise<string>;
  /** fetch with the bearer token; refreshes once and retries on a 401. */
  fetch(provider: string, url: string | URL, init?: RequestInit): Promise<Response>;
}

export interface SkillSecrets {
  /** An API key or other secret the manifest declares, from the keychain, config or env. */
  get(name: string): Promise<string | undefined>;
}

export interface SkillStorage {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  keys(prefix?: string): Promise<string[]>;
}

export interface SkillContext<Config = Record<string, unknown>> {
  skill: { name: string; version: string; dir: string };
  config: Readonly<Config>;
  auth: SkillAuth;
  secrets: SkillSecrets;
  logger: Logger;
  storage: SkillStorage;
}

/** Per-call information handed to a tool with its input. */
export interface ToolCallInfo {
  signal: AbortSignal;
  callId: string;
  session?: string;
}
