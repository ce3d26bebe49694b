// All configured MCP servers: one client each, their catalog records, and the ActiveSkill
// the router runs their tools through (so every call passes policy, validation, approval,
// timeouts, shaping, redaction and audit like a skill's).
import type { Problem } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import type { ActiveSkill } from '../runners/types.js';
import type { Backoff, Schedule } from './backoff.js';
import { mcpRecordName, serverSpecs } from './config.js';
import { McpConnection, type ServerState } from './connection.js';
import { invalidServerRecord, serverRecord } from './records.js';
import { KnownToolsFile } from './known-tools.js';
import { loadRemoteSkills, withSkillsProblem } from './remote-skills-load.js';
import { ServerNames } from './server-names.js';

export interface McpServerStatus {
  name: string;
  transport: 'stdio' | 'http' | 'sse';
  state: ServerState | 'disabled' | 'invalid';
  /** Why it is failing or invalid. */
  reason?: string;
  /** Wire (= canonical) names of its offered tools. */
  tools: string[];
  /** Set while the tools are the list the server gave in an earlier run (it has not listed yet). */
  toolsFrom?: 'cache';
  instructions?: string;
  /** The stdio child's pid while it runs. */
  pid?: number;
  /** Restart delays scheduled since the host started, in order. */
  restartDelays: number[];
}

export interface McpClientsOptions {
  configFile: string;
  /** Where each server's last tool list is kept between runs (none: not kept). */
  knownToolsFile?: string;
  /** Called when any server's records change (new snapshot needed). */
  onChange(): void;
  schedule?: Schedule;
  backoff?: Backoff;
}

export class McpClients {
  readonly #opts: McpClientsOptions;
  #connections = new Map<string, McpConnection>();
  #invalid = new Map<string, { record: SkillRecord; problem: Problem }>();
  #closed = false;
  readonly #known: KnownToolsFile;
  readonly #serverNames = new ServerNames();

  constructor(opts: McpClientsOptions) {
    this.#opts = opts;
    this.#known = new KnownToolsFile(opts.knownToolsFile);
  }

  /**
   * Applies a (re)loaded config: servers whose entry changed are stopped and replaced, the
   * others keep running. Eager servers start; the returned promise waits for them.
   */
  configure(config: HostConfig): Promise<void> {
    const next = new Map<string, McpConnection>();
    const invalid = new Map<string, { record: SkillRecord; problem: Problem }>();
    const stopping: Promise<void>[] = [];
    for (const r of serverSpecs(config, this.#opts.configFile)) {
      if ('problem' in r) {
        invalid.set(r.name, { record: invalidServerRecord(r.name, r.problem), problem: r.problem });
        continue;
      }
      const prev = this.#connections.get(r.spec.name);
      if (prev && sameSpec(prev.spec, r.spec)) next.set(r.spec.name, prev);
      else {
        const spec = r.spec;
        const c = new McpConnection(spec, {
          onChange: () => {
            if (!this.#closed) this.#opts.onChange();
          },
          onListed: (known) => this.#known.remember(spec, known),
          loadSkills: (client) =>
            loadRemoteSkills(client, spec, {
              configFile: this.#opts.configFile,
              knownToolsFile: this.#opts.knownToolsFile,
            }),
          ...(this.#opts.schedule && { schedule: this.#opts.schedule }),
          ...(this.#opts.backoff && { backoff: this.#opts.backoff }),
        });
        const known = spec.enabled ? this.#known.get(spec) : undefined;
        if (known) c.seed(known);
        next.set(spec.name, c);
      }
    }
    for (const [name, c] of this.#connections) if (next.get(name) !== c) stopping.push(c.close());
    this.#connections = next;
    this.#invalid = invalid;
    const eager = [...next.values()].filter((c) => c.spec.enabled && c.spec.eager);
    return Promise.all([...stopping, ...eager.map((c) => c.start())]).then(() => undefined);
  }

  get size(): number {
    return this.#connections.size + this.#invalid.size;
  }

  /** One catalog record per configured server. */
  records(): SkillRecord[] {
    const out: SkillRecord[] = [];
    for (const c of this.#connections.values()) {
      out.push(withSkillsProblem(serverRecord(c, this.#opts.configFile), c.skills));
      out.push(...c.skills.records);
    }
    for (const { record } of this.#invalid.values()) out.push(record);
    return out;
  }

  /** The server a catalog record or a `mcp__<server>__…` name belongs to. */
  connectionFor(nameOrRecord: string): McpConnection | undefined {
    const server = this.#serverNames.of(nameOrRecord);
    return server === undefined ? undefined : this.#connections.get(server);
  }

  /** Starts the named servers (all enabled ones by default) and waits for each to settle. */
  async start(names?: readonly string[]): Promise<void> {
    const all = [...this.#connections.values()].filter(
      (c) => c.spec.enabled && (!names || names.includes(c.spec.name)),
    );
    await Promise.all(all.map((c) => c.start()));
  }

  /**
   * Starts every enabled server that has not been started, without waiting: what a caller
   * asking for tool definitions or the prompt needs. A server that failed is not retried
   * here (it is on its next use), so a broken one is not spawned again every turn.
   */
  startStopped(): void {
    for (const c of this.#connections.values()) {
      if (c.spec.enabled && c.state === 'stopped') void c.start();
    }
  }

  /**
   * Starts the servers not started yet and waits until each settles (ready or failing) or
   * timeoutMs passes, whichever comes first; then answers their status. A server still
   * starting is reported as `starting` and keeps starting.
   */
  async ready(timeoutMs: number): Promise<McpServerStatus[]> {
    const starts = [...this.#connections.values()]
      .filter((c) => c.spec.enabled && c.state !== 'failing')
      .map((c) => c.start());
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref?.();
    });
    await Promise.race([Promise.all(starts), bound]);
    clearTimeout(timer);
    return this.status();
  }

  status(): McpServerStatus[] {
    const out: McpServerStatus[] = [];
    for (const c of this.#connections.values()) {
      out.push({
        name: c.spec.name,
        transport: c.transportKind as McpServerStatus['transport'],
        state: c.spec.enabled ? c.state : 'disabled',
        ...(c.reason !== undefined && { reason: c.reason }),
        tools: serverRecord(c, this.#opts.configFile).tools.map((t) => t.name),
        ...(c.fromCache && { toolsFrom: 'cache' as const }),
        ...(c.instructions !== undefined && { instructions: c.instructions }),
        ...(c.pid !== undefined && { pid: c.pid }),
        restartDelays: [...c.delays],
      });
    }
    for (const [name, { problem }] of this.#invalid) {
      out.push({
        name,
        transport: 'stdio',
        state: 'invalid',
        reason: problem.message,
        tools: [],
        restartDelays: [],
      });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The runner-like activation of a server record (the activator's `special` hook). */
  activeSkill(record: SkillRecord): ActiveSkill | undefined {
    if (record.source.kind !== 'mcp') return undefined;
    const server = this.#serverNames.of(record.name);
    const connection = server === undefined ? undefined : this.#connections.get(server);
    const prefix = `${record.name}__`;
    return {
      skill: record.name,
      version: record.version,
      invoke: (tool, input, call) => {
        // The connection of the current config (a rescan may have replaced it).
        const c = (server === undefined ? undefined : this.#connections.get(server)) ?? connection;
        if (!c) return Promise.reject(new Error(`MCP server of ${record.name} is gone`));
        return c.call(tool.slice(prefix.length), input, call);
      },
      // The server outlives a snapshot's record: it stops on close() or when its config goes.
      dispose: () => Promise.resolve(),
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.all([...all.map((c) => c.close()), this.#known.flush()]);
  }
}

export const isMcpRecordName = (name: string): boolean => name.startsWith('mcp__');
export { mcpRecordName };

function sameSpec(a: object, b: object): boolean {
  return JSON.stringify(a, replacer) === JSON.stringify(b, replacer);
}
const replacer = (_k: string, v: unknown) => (v instanceof URL ? v.href : v);
