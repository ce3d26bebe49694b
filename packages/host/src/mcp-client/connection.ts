// One MCP server's lifecycle: start (lazily, or eagerly by config), list its tools, follow
// tools/list_changed, and restart in the background with capped exponential backoff after a
// crash or disconnect. While it is down, its tools answer SKILL_UNAVAILABLE with the reason.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { SkillError, type ToolCallInfo } from '@openclaw/skill-sdk';
import {
  backoffDelay,
  DEFAULT_BACKOFF,
  realSchedule,
  type Backoff,
  type Schedule,
} from './backoff.js';
import type { ServerSpec } from './config.js';
import { fromMcpResult } from './content.js';
import { isRefused } from './refused.js';
import { requestSignal } from './request-signal.js';
import { stderrNote } from './stderr.js';
import type { Opened } from './transports.js';
import type { KnownTools } from './known-tools.js';
import type { RemoteSkills } from './remote-skills.js';

export type ServerState = 'stopped' | 'starting' | 'ready' | 'failing' | 'closed';

export interface ConnectionOptions {
  /** Called when the state, the tools or the instructions change. */
  onChange(): void;
  /** Called with each fresh listing of the server's tools (to remember them). */
  onListed?(known: KnownTools): void;
  /** Reads the skills a server offers through the Skills extension (none: not read). */
  loadSkills?(client: Client): Promise<RemoteSkills>;
  schedule?: Schedule;
  backoff?: Backoff;
}

/** Extra time the SDK's own request timer allows beyond the router's deadline. */
const SDK_TIMEOUT_SLACK_MS = 5_000;

export class McpConnection {
  readonly spec: ServerSpec;
  state: ServerState = 'stopped';
  reason: string | undefined;
  /** The offered tools (include/exclude applied) of the last listing. */
  tools: readonly Tool[] = [];
  instructions: string | undefined;
  serverVersion: string | undefined;
  /** The skills the server offers (Skills extension), verified, as of its last listing. */
  skills: RemoteSkills = { records: [] };
  /** The tools are the last listing of an earlier run, not yet confirmed by this one. */
  fromCache = false;
  /** Restarts attempted since the server was last ready. */
  attempts = 0;
  /** Every restart delay scheduled, in order (for `list` and tests). */
  readonly delays: number[] = [];
  #opened: Opened | undefined;
  #starting: Promise<void> | undefined;
  #cancelRestart: (() => void) | undefined;
  #generation = 0;
  #everReady = false;
  readonly #opts: ConnectionOptions;
  readonly #schedule: Schedule;

  constructor(spec: ServerSpec, opts: ConnectionOptions) {
    this.spec = spec;
    this.#opts = opts;
    this.#schedule = opts.schedule ?? realSchedule;
  }

  /**
   * Offers what the server listed in an earlier run until it has started and listed again
   * (or failed: then it offers nothing, as a server that never came up).
   */
  seed(known: KnownTools): void {
    if (this.state !== 'stopped' || this.tools.length > 0) return;
    this.tools = known.tools.filter((t) => this.spec.offers(t.name));
    this.instructions = known.instructions;
    this.serverVersion = known.serverVersion;
    this.fromCache = true;
  }

  #listed(): void {
    this.#opts.onListed?.({
      tools: [...this.tools],
      ...(this.instructions !== undefined && { instructions: this.instructions }),
      ...(this.serverVersion !== undefined && { serverVersion: this.serverVersion }),
    });
  }

  get pid(): number | undefined {
    return this.#opened?.pid;
  }

  get transportKind(): string {
    return this.#opened?.kind ?? this.spec.transport;
  }

  /** Starts the server (single-flight). Never rejects: a failure is the `failing` state. */
  start(): Promise<void> {
    if (this.state === 'closed') return Promise.resolve();
    if (this.state === 'ready') return Promise.resolve();
    return (this.#starting ??= this.#connect());
  }

  async #connect(): Promise<void> {
    this.#cancelRestart?.();
    this.#cancelRestart = undefined;
    const gen = ++this.#generation;
    this.#set('starting', undefined);
    let opened: Opened | undefined;
    try {
      // The MCP SDK (zod schemas, ajv, transports) loads with the first server that starts:
      // a host with no servers, or a command that never starts one, does not pay for it.
      const [
        { openClient },
        { ToolListChangedNotificationSchema, ResourceListChangedNotificationSchema },
      ] = await Promise.all([
        import('./transports.js'),
        import('@modelcontextprotocol/sdk/types.js'),
      ]);
      opened = await openClient(this.spec, this.spec.startTimeoutMs);
      if (this.state === 'closed' || gen !== this.#generation) {
        this.#starting = undefined;
        await opened.client.close().catch(() => undefined);
        return;
      }
      const client = opened.client;
      client.onclose = () => this.#lost(gen, this.#closedReason(opened!));
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        void this.#relist(gen);
      });
      // A server offering skills announces a change of them as a resource list change.
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
        void this.#reloadSkills(gen);
      });
      const tools = await listAllTools(client, this.spec.startTimeoutMs);
      this.skills = (await this.#opts.loadSkills?.(client)) ?? { records: [] };
      this.#opened = opened;
      this.tools = tools.filter((t) => this.spec.offers(t.name));
      this.instructions = client.getInstructions();
      this.serverVersion = client.getServerVersion()?.version;
      this.attempts = 0;
      this.#everReady = true;
      this.fromCache = false;
      this.#listed();
      // Cleared before the state is announced: a listener may start it again at once.
      this.#starting = undefined;
      this.#set('ready', undefined);
    } catch (e) {
      await opened?.client.close().catch(() => undefined);
      if (this.state === 'closed' || gen !== this.#generation) {
        this.#starting = undefined;
        return;
      }
      this.#opened = undefined;
      this.#starting = undefined;
      if (!this.#everReady && this.fromCache) {
        // An earlier run's list is no promise: a server that does not come up offers nothing.
        this.tools = [];
        this.fromCache = false;
      }
      this.#set('failing', this.#describe(e));
      // A server that never came up is retried on the next use; one that was up restarts.
      if (this.#everReady) this.#scheduleRestart();
    }
  }

  async #relist(gen: number): Promise<void> {
    const client = this.#opened?.client;
    if (!client || gen !== this.#generation) return;
    try {
      const tools = await listAllTools(client, this.spec.timeoutMs);
      if (gen !== this.#generation) return;
      this.tools = tools.filter((t) => this.spec.offers(t.name));
      this.#listed();
      this.#opts.onChange();
    } catch {
      // A failed relist keeps the previous tools; a dead connection reports itself via onclose.
    }
  }

  async #reloadSkills(gen: number): Promise<void> {
    const client = this.#opened?.client;
    if (!client || gen !== this.#generation || !this.#opts.loadSkills) return;
    const skills = await this.#opts.loadSkills(client);
    if (gen !== this.#generation) return;
    this.skills = skills;
    this.#opts.onChange();
  }

  #lost(gen: number, reason: string): void {
    if (this.state === 'closed' || gen !== this.#generation) return;
    this.#generation++;
    this.#opened = undefined;
    this.#set('failing', reason);
    this.#scheduleRestart();
  }

  #scheduleRestart(): void {
    const delay = backoffDelay(this.attempts, this.#opts.backoff ?? DEFAULT_BACKOFF);
    this.attempts++;
    this.delays.push(delay);
    this.#cancelRestart = this.#schedule(delay, () => {
      this.#cancelRestart = undefined;
      void this.start();
    });
  }

  #set(state: ServerState, reason: string | undefined): void {
    if (this.state === state && this.reason === reason) return;
    this.state = state;
    this.reason = reason;
    this.#opts.onChange();
  }

  /** Calls one of the server's tools (by its own name); rejects with a SkillError when down. */
  call(tool: string, input: unknown, info: ToolCallInfo): Promise<unknown> {
    // A server starting (asked for by definitions or the prompt) is waited for, not refused.
    if (this.state === 'stopped' || this.state === 'starting')
      return this.start().then(() => this.#callNow(tool, input, info));
    // Not async: a ready server's call reaches the SDK (and the wire) in this same tick.
    try {
      return this.#callNow(tool, input, info);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  #callNow(tool: string, input: unknown, info: ToolCallInfo): Promise<unknown> {
    const opened = this.#opened;
    if (this.state !== 'ready' || !opened) throw this.unavailable();
    const gen = this.#generation;
    const params = { name: tool, arguments: input as Record<string, unknown> };
    const timeout = this.spec.timeoutMs + SDK_TIMEOUT_SLACK_MS;
    // Cancelled by its id on the wire (request-cancel.ts), or else through an AbortSignal.
    const onWire = opened.cancels?.watch(params, info);
    const bySignal = onWire ? undefined : requestSignal(info);
    const release = onWire ?? bySignal!.release;
    return opened.client
      .callTool(params, undefined, bySignal ? { signal: bySignal.signal, timeout } : { timeout })
      .then(
        (result) => {
          release();
          return fromMcpResult(this.spec.name, tool, result as Parameters<typeof fromMcpResult>[2]);
        },
        (e: unknown) => {
          const aborted = onWire ? opened.cancels!.cancelled(params) : bySignal!.signal.aborted;
          release();
          if (aborted) throw e;
          // A connection that died under the call: stdio reports it via onclose; HTTP only here.
          if (isRefused(e) || (e as { code?: unknown }).code === -32000) {
            this.#lost(gen, this.#describe(e));
            throw this.unavailable();
          }
          throw e;
        },
      );
  }

  unavailable(): SkillError {
    const why = this.reason ? `: ${this.reason}` : '';
    const restarting = this.#cancelRestart !== undefined || this.state === 'starting';
    return new SkillError(
      'SKILL_UNAVAILABLE',
      `MCP server "${this.spec.name}" is ${this.state === 'stopped' ? 'not started' : this.state}${why}`,
      {
        hint: restarting
          ? 'It is restarting by itself; try this tool again in a little while, or use another tool.'
          : `Do not retry this tool now; the user can run \`openclaw-skill doctor\` to see why MCP server "${this.spec.name}" fails.`,
        details: { server: this.spec.name, state: this.state, reason: this.reason },
      },
    );
  }

  async close(): Promise<void> {
    this.#cancelRestart?.();
    this.#cancelRestart = undefined;
    this.state = 'closed';
    this.#generation++;
    const starting = this.#starting;
    const opened = this.#opened;
    this.#opened = undefined;
    await opened?.client.close().catch(() => undefined);
    await starting;
  }

  #closedReason(opened: Opened): string {
    if (opened.kind !== 'stdio') return 'the server closed the connection';
    const spec = this.spec;
    const secrets = spec.transport === 'stdio' ? Object.values(spec.env) : [];
    return `the server process exited${stderrNote(opened.stderr(), secrets)}`;
  }

  #describe(e: unknown): string {
    const spec = this.spec;
    const code = (e as { code?: unknown })?.code;
    if (code === 'ENOENT' && spec.transport === 'stdio') {
      return `command not found: ${spec.command} (fix mcpServers.${spec.name}.command)`;
    }
    if (code === 'EACCES' && spec.transport === 'stdio') {
      return `command not executable: ${spec.command}`;
    }
    if (isRefused(e) && spec.transport !== 'stdio') {
      return `connection refused at ${spec.url.href}`;
    }
    if (code === -32001) {
      return `no answer to initialize within ${spec.startTimeoutMs} ms (mcpServers.${spec.name}.startTimeoutMs)`;
    }
    const message = e instanceof Error ? e.message : String(e);
    if (code === -32000) {
      const stderr = / \(stderr: .*\)$/.exec(message)?.[0] ?? '';
      return `the server closed the connection${stderr}`;
    }
    return message.replace(/^MCP error -?\d+: /, '');
  }
}

async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
