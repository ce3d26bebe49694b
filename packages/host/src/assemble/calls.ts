// Tool calls as the host routes them. The router loads on the first call (`list` or
// `prompt` in a fresh process never needs it); a call naming a lazy MCP server's tool waits
// for that server to start (or for the start already under way).
import { MCP_PREFIX } from '../formats/names.js';
import type { McpClients } from '../mcp-client/index.js';
import type { CallContext, CallResult, Router, RouterDeps, ToolCall } from '../router/types.js';
import type { LiveConfig } from './settings.js';

/** The name a call asks for; a malformed call names nothing (the router refuses it). */
export const callName = (c: ToolCall): string => (typeof c?.name === 'string' ? c.name : '');

/** The MCP tool names among `names`, in order (those a call must wait for a server for). */
export const mcpToolNames = (names: readonly string[]): string[] =>
  names.filter((name) => name.startsWith(MCP_PREFIX));

export class HostCalls {
  readonly #deps: RouterDeps;
  readonly #mcp: McpClients;
  #router: Router | undefined;
  #loading: Promise<Router> | undefined;

  constructor(deps: RouterDeps, mcp: McpClients) {
    this.#deps = deps;
    this.#mcp = mcp;
  }

  call(call: ToolCall, ctx?: CallContext): Promise<CallResult> {
    const name = callName(call);
    const starting = name.startsWith(MCP_PREFIX) ? this.#startOne(name) : undefined;
    // The hot path: a loaded router and nothing to start.
    if (!starting && this.#router) return this.#router.call(call, ctx);
    const go = () => this.#routed((r) => r.call(call, ctx));
    return starting ? starting.then(go) : go();
  }

  callMany(calls: readonly ToolCall[], ctx?: CallContext): Promise<CallResult[]> {
    const starting = Array.isArray(calls) ? this.#startAll(calls.map(callName)) : undefined;
    const go = () => this.#routed((r) => r.callMany(calls, ctx));
    return starting ? starting.then(go) : go();
  }

  /** Closes the router, one still loading once it is there. */
  async close(): Promise<void> {
    await this.#loading?.then((r) => r.close());
  }

  #routed<T>(run: (r: Router) => Promise<T>): Promise<T> {
    if (this.#router) return run(this.#router);
    this.#loading ??= import('../router/index.js').then(
      ({ createRouter }) => (this.#router = createRouter(this.#deps)),
    );
    return this.#loading.then(run);
  }

  #startOne(name: string): Promise<void> | undefined {
    const c = this.#mcp.connectionFor(name);
    // One starting already (the prompt or definitions asked for it) is waited for too.
    return c && c.spec.enabled && (c.state === 'stopped' || c.state === 'starting')
      ? c.start()
      : undefined;
  }

  #startAll(names: readonly string[]): Promise<void> | undefined {
    const starts = mcpToolNames(names).flatMap((name) => this.#startOne(name) ?? []);
    return starts.length ? Promise.all(starts).then(() => undefined) : undefined;
  }
}

export interface RouterWiring {
  home: string;
  config: LiveConfig;
  snapshot: RouterDeps['snapshot'];
  activate: RouterDeps['activate'];
  logger: RouterDeps['logger'];
  secretValues: RouterDeps['secretValues'];
  runnerOf: NonNullable<RouterDeps['runnerOf']>;
  approve?: RouterDeps['approve'];
  beforeCall?: RouterDeps['beforeCall'];
}

/** What the router reads; `config` is a getter, since a rescan may load a changed file. */
export function routerDeps(w: RouterWiring): RouterDeps {
  return {
    snapshot: w.snapshot,
    activate: w.activate,
    home: w.home,
    get config() {
      return w.config.current;
    },
    ...(w.approve && { approve: w.approve }),
    ...(w.beforeCall && { beforeCall: w.beforeCall }),
    logger: w.logger,
    secretValues: w.secretValues,
    runnerOf: w.runnerOf,
  };
}
