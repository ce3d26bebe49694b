// The last tool list each MCP server answered, kept in `<home>/cache/mcp-tools.json`, so a
// fresh host offers a server's tools on its first turn while the server starts. An entry
// is used only for the same server entry (its settings' digest: a changed command, URL or
// include list lists afresh); the file holds no settings, so no header or env value lands
// in it. A missing or unreadable file is an empty one: the cache only ever saves a wait.
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { readTextCappedSync } from '@openclaw/skill-sdk';
import type { ServerSpec } from './config.js';

export interface KnownTools {
  tools: Tool[];
  instructions?: string;
  serverVersion?: string;
}

interface Entry extends KnownTools {
  key: string;
}

/** Tool lists are schemas and descriptions: a few MB would be thousands of tools. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

const specKey = (spec: ServerSpec): string =>
  createHash('sha256')
    .update(JSON.stringify(spec, (_k, v: unknown) => (v instanceof URL ? v.href : v)))
    .digest('hex');

export class KnownToolsFile {
  readonly #file: string | undefined;
  readonly #entries = new Map<string, Entry>();
  #writing: Promise<void> = Promise.resolve();
  #dirty = false;

  /** No file: nothing is remembered (a host without a cache). */
  constructor(file: string | undefined) {
    this.#file = file;
    if (file) this.#load(file);
  }

  #load(file: string): void {
    const read = readTextCappedSync(file, MAX_FILE_BYTES);
    if (read.kind !== 'ok') return;
    try {
      const data = JSON.parse(read.text) as Record<string, Entry>;
      for (const [name, e] of Object.entries(data)) {
        if (typeof e?.key === 'string' && Array.isArray(e.tools)) this.#entries.set(name, e);
      }
    } catch {
      // A damaged cache is an empty one; the next listing rewrites it.
    }
  }

  /** What the server listed last time, if its entry has not changed since. */
  get(spec: ServerSpec): KnownTools | undefined {
    const e = this.#entries.get(spec.name);
    return e && e.key === specKey(spec) ? e : undefined;
  }

  /** Remembers a fresh listing; written after the current turn, one write at a time. */
  remember(spec: ServerSpec, known: KnownTools): void {
    if (!this.#file) return;
    this.#entries.set(spec.name, { key: specKey(spec), ...known });
    if (this.#dirty) return;
    this.#dirty = true;
    this.#writing = this.#writing.then(() => this.#write(this.#file!));
  }

  async #write(file: string): Promise<void> {
    this.#dirty = false;
    const text = JSON.stringify(Object.fromEntries(this.#entries));
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(tmp, text, { mode: 0o600 });
      await rename(tmp, file);
    } catch {
      // A home that cannot hold the cache only loses the head start on the next run.
    }
  }

  /** Waits for pending writes (close). */
  flush(): Promise<void> {
    return this.#writing;
  }
}
