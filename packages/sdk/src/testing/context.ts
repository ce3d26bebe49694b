// A test harness for skill authors: a real SkillContext backed by memory, so a skill's
// tools can be called in a unit test without a host.
import { randomUUID } from 'node:crypto';
import type { Logger, SkillContext, ToolCallInfo } from '../context.js';
import type { SkillDefinition, ToolMap } from '../define.js';
import { SkillError } from '../errors.js';

export interface TestContextOptions<C> {
  name?: string;
  version?: string;
  dir?: string;
  config?: C;
  secrets?: Record<string, string>;
  /** Access tokens per auth provider key; a provider without one answers AUTH_REQUIRED. */
  tokens?: Record<string, string>;
  /** The fetch that `auth.fetch` uses (defaults to the global fetch). */
  fetch?: typeof fetch;
}

export interface LogRecord {
  level: string;
  obj: unknown;
  msg?: string;
}

/** A Logger that records every call in `logs` (child bindings merged into objects). */
export function memoryLogger(
  logs: LogRecord[] = [],
  bindings: Record<string, unknown> = {},
): Logger {
  const at = (level: string) => (obj: unknown, msg?: string) =>
    void logs.push({
      level,
      obj: typeof obj === 'object' && obj !== null ? { ...bindings, ...obj } : obj,
      ...(msg && { msg }),
    });
  return {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (b) => memoryLogger(logs, { ...bindings, ...b }),
  };
}

export function createTestContext<C = Record<string, unknown>>(
  opts: TestContextOptions<C> = {},
): SkillContext<C> & { logs: LogRecord[] } {
  const logs: LogRecord[] = [];
  const logger = () => memoryLogger(logs);
  const store = new Map<string, string>();
  const token = async (provider: string) => {
    const t = opts.tokens?.[provider];
    if (!t)
      throw new SkillError(
        'AUTH_REQUIRED',
        `No token for provider "${provider}" in this test context.`,
      );
    return t;
  };
  const doFetch = opts.fetch ?? fetch;
  return {
    logs,
    skill: {
      name: opts.name ?? 'test-skill',
      version: opts.version ?? '0.0.0',
      dir: opts.dir ?? process.cwd(),
    },
    config: Object.freeze({ ...(opts.config ?? {}) }) as Readonly<C>,
    secrets: { get: async (n) => opts.secrets?.[n] },
    auth: {
      getAccessToken: token,
      fetch: async (provider, url, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set('authorization', `Bearer ${await token(provider)}`);
        return doFetch(url, { ...init, headers });
      },
    },
    logger: logger(),
    storage: {
      get: async <T>(k: string) => (store.has(k) ? (JSON.parse(store.get(k)!) as T) : undefined),
      set: async (k, v) => void store.set(k, JSON.stringify(v)),
      delete: async (k) => void store.delete(k),
      keys: async (prefix = '') => [...store.keys()].filter((k) => k.startsWith(prefix)).sort(),
    },
  };
}

/** Creates a skill's tools with a test context and returns a caller for them. */
export async function loadTestSkill<C>(
  def: SkillDefinition<C, ToolMap>,
  opts: TestContextOptions<C> = {},
) {
  const ctx = createTestContext(opts);
  const tools = await def.createTools(ctx);
  return {
    ctx,
    tools,
    async call(name: string, input: unknown, call: Partial<ToolCallInfo> = {}) {
      const fn = tools[name];
      if (!fn) throw new SkillError('TOOL_NOT_FOUND', `The skill has no tool "${name}".`);
      return fn(input, {
        signal: call.signal ?? new AbortController().signal,
        callId: call.callId ?? randomUUID(),
        ...(call.session && { session: call.session }),
      });
    },
  };
}
