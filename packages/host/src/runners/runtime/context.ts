// The SkillContext a skill gets inside a worker or sandbox runner: every method is a
// message to the host, which answers with the host-side context of the same skill, in the
// scope of the call the code runs for (so `auth` hands out tokens for that tool's scopes
// only). The runner never holds a refresh token, a client secret or the vault: it gets
// short-lived access tokens, one request at a time.
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import type { ContextOp, FromRunner, LogLevel, WireError } from './protocol.js';

export interface Outbox {
  send(message: FromRunner): void;
}

/** The call id the current code runs for (entered around each tool invocation). */
export const currentCall = new AsyncLocalStorage<string>();

const LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error'];

export function fromWireError(w: WireError): Error {
  const e = new Error(w.message) as Error & Partial<WireError>;
  e.name = w.name;
  if (w.code !== undefined) e.code = w.code;
  if (w.hint !== undefined) e.hint = w.hint;
  if (w.details !== undefined) e.details = w.details;
  return e;
}

/** One log line to the host; a line that cannot be sent as it is goes in a form that can. */
function sendLog(
  out: Outbox,
  line: { level: LogLevel; bindings: Record<string, unknown>[]; obj: unknown; msg?: string },
): void {
  const { level, bindings, obj, msg } = line;
  const base = { t: 'log' as const, level, bindings };
  const send = (o: unknown, printed: boolean): void => {
    try {
      out.send({ ...base, obj: o, ...(msg !== undefined && { msg: String(msg) }) });
    } catch (e) {
      if ((e as { code?: unknown }).code === 'RESULT_TOO_LARGE') {
        // Over the message limit: the line is dropped, saying so; logging does not throw.
        out.send({ ...base, obj: {}, msg: `(a log line was dropped: ${(e as Error).message})` });
      } else if (printed) throw e;
      // Not cloneable (functions, sockets): log its printed form instead.
      else send(format('%O', o), true);
    }
  };
  send(obj, false);
}

export function createRemoteContext(
  out: Outbox,
  activate: { skill: { name: string; version: string; dir: string }; config: object },
) {
  let next = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  const request = (op: ContextOp, args: unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      const callId = currentCall.getStore();
      try {
        out.send({ t: 'ctx', id, op, args, ...(callId !== undefined && { callId }) });
      } catch (e) {
        waiting.delete(id);
        reject(e as Error);
      }
    });

  const reply = (id: number, ok: boolean, value: unknown, error?: WireError) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if (ok) w.resolve(value);
    else w.reject(fromWireError(error!));
  };

  type Log = Record<LogLevel, (obj: unknown, msg?: string) => void> & {
    child(b: Record<string, unknown>): Log;
  };
  const logger = (bindings: Record<string, unknown>[]): Log => {
    const l = {} as Log;
    for (const level of LEVELS)
      l[level] = (obj, msg) => sendLog(out, { level, bindings, obj, msg });
    l.child = (b) => logger([...bindings, b]);
    return l;
  };

  const token = (provider: string, opts?: { scopes?: string[] }) =>
    request('auth.token', opts?.scopes ? [provider, { scopes: [...opts.scopes] }] : [provider]);

  const ctx = {
    skill: Object.freeze({ ...activate.skill }),
    config: Object.freeze(activate.config),
    auth: {
      getAccessToken: token as (p: string, o?: { scopes?: string[] }) => Promise<string>,
      // Runs here, with a token fetched over RPC. On a 401 the host is told which token was
      // rejected (it replaces it once, single-flight) and the request is sent once more with
      // the token it hands back, when its body can be sent twice.
      async fetch(provider: string, url: string | URL, init: RequestInit = {}) {
        const send = (bearer: string) => {
          const headers = new Headers(init.headers);
          headers.set('authorization', `Bearer ${bearer}`);
          return fetch(url, { ...init, headers });
        };
        const first = String(await token(provider));
        const res = await send(first);
        const replayable =
          init.body == null ||
          typeof init.body === 'string' ||
          init.body instanceof URLSearchParams;
        if (res.status !== 401 || !replayable) return res;
        await res.body?.cancel().catch(() => undefined);
        return send(String(await request('auth.token', [provider, { rejected: first }])));
      },
    },
    secrets: { get: (name: string) => request('secrets.get', [name]) },
    logger: logger([]),
    storage: {
      get: (key: string) => request('storage.get', [key]),
      set: (key: string, value: unknown) => request('storage.set', [key, value]),
      delete: (key: string) => request('storage.delete', [key]),
      keys: (prefix?: string) => request('storage.keys', prefix === undefined ? [] : [prefix]),
    },
  };

  /** console.* goes to the skill's logger (stdout belongs to the embedding program). */
  const routeConsole = () => {
    const map: Array<[keyof Console, LogLevel]> = [
      ['log', 'info'],
      ['info', 'info'],
      ['debug', 'debug'],
      ['trace', 'trace'],
      ['warn', 'warn'],
      ['error', 'error'],
    ];
    for (const [method, level] of map) {
      (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
        sendLog(out, { level, bindings: [{ console: method }], obj: format(...args) });
    }
  };

  return { ctx, reply, routeConsole };
}
