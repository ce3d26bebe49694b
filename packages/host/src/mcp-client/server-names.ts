// Which MCP server a catalog record or tool name belongs to, by its `mcp__<server>` prefix.
/** The server of a `mcp__<server>` record or `mcp__<server>__<tool>` name. */
const serverIn = (name: string): string | undefined => /^mcp__(.+?)(?:__|$)/.exec(name)?.[1];

/** Most names whose server one McpClients remembers (names come from the model). */
export const SERVER_NAMES_CAP = 1024;

/**
 * The server of each name asked for, remembered per McpClients: every call of an MCP tool
 * asks (host.call, the runner), and a regex match per call allocated more than the rest of
 * the lookup. Bounded: past the cap, the oldest name is forgotten first.
 */
export class ServerNames {
  readonly #known = new Map<string, string | undefined>();
  readonly #cap: number;

  constructor(cap = SERVER_NAMES_CAP) {
    this.#cap = cap;
  }

  get size(): number {
    return this.#known.size;
  }

  of(name: string): string | undefined {
    const known = this.#known.get(name);
    if (known !== undefined || this.#known.has(name)) return known;
    const server = serverIn(name);
    if (this.#known.size >= this.#cap) this.#known.delete(this.#known.keys().next().value!);
    this.#known.set(name, server);
    return server;
  }
}
