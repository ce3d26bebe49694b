// A workspace and home for serve tests: a code skill `notes` with a read tool, a destructive
// tool (needs approval) and a tool the host config denies; a docs skill `guide`. Not public.
import { watch } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMemoryVault } from '../auth/index.js';
import { tempDir, writeCodeSkill, writeDocsSkill } from '../testing/skill-folders.js';
import { startServe, type RunningServe, type ServeOptions } from './serve.js';

export interface ServeFixture {
  root: string;
  workspace: string;
  home: string;
  serve: RunningServe;
  cleanup(): Promise<void>;
}

export const NOTES_CODE = `export default {
  createTools() {
    return {
      'notes.read': async ({ id }) => ({ id, text: 'note ' + id }),
      'notes.wipe': async () => 'wiped',
      'notes.blocked': async () => 'should never run',
    };
  },
};
`;

export async function writeNotesSkill(parent: string): Promise<void> {
  await writeCodeSkill(parent, 'notes', {
    tools: ['read', 'wipe', 'blocked'],
    code: NOTES_CODE,
    manifest: {
      tools: [
        {
          name: 'notes.read',
          title: 'Read a note',
          description: 'Read one note by id.',
          inputSchema: {
            type: 'object',
            properties: { id: { type: 'string' } },
            required: ['id'],
            additionalProperties: false,
          },
          outputSchema: {
            type: 'object',
            properties: { id: { type: 'string' }, text: { type: 'string' } },
            required: ['id', 'text'],
          },
          annotations: { readOnlyHint: true },
        },
        {
          name: 'notes.wipe',
          description: 'Delete every note.',
          inputSchema: { type: 'object', properties: {} },
          annotations: { destructiveHint: true },
        },
        {
          name: 'notes.blocked',
          description: 'A tool the host config denies.',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    },
  });
}

export async function serveFixture(extra: Partial<ServeOptions> = {}): Promise<ServeFixture> {
  const root = await tempDir('oc-serve-');
  const workspace = join(root, 'ws');
  const home = join(root, 'home');
  await mkdir(home, { recursive: true });
  await writeFile(
    join(home, 'config.json'),
    JSON.stringify({ policy: { deny: ['notes.blocked'] } }, null, 2),
  );
  await writeNotesSkill(join(workspace, 'skills'));
  await writeDocsSkill(join(workspace, 'skills'), 'guide', {
    description: 'How to use the notes.',
    body: '# Guide\n\nRead notes with notes.read.\n',
  });
  const serve = await startServe({
    home,
    workspace,
    userHome: join(root, 'user'),
    env: {},
    port: 0,
    watch: false,
    // Never the real keychain.
    auth: { vault: createMemoryVault() },
    ...extra,
  });
  return {
    root,
    workspace,
    home,
    serve,
    cleanup: async () => {
      await serve.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** An MCP SDK client over Streamable HTTP with the serve's token. */
export async function httpClient(
  serve: RunningServe,
  capabilities: ConstructorParameters<typeof Client>[1] = {},
): Promise<Client> {
  const client = new Client({ name: 'serve-test', version: '1.0.0' }, capabilities);
  const transport = new StreamableHTTPClientTransport(new URL(serve.mcpUrl!), {
    requestInit: { headers: { Authorization: `Bearer ${serve.info!.token}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * Resolves once the audit log in `home` holds a line for `tool`. The log is written after the
 * call's turn, so the file is read again on each change a watcher reports, never on a timer.
 */
export function auditLineWritten(home: string, tool: string): Promise<void> {
  const file = join(home, 'audit.jsonl');
  // Only whole lines count: a read may land while a batch is being appended.
  const written = async () =>
    (await readFile(file, 'utf8').catch(() => ''))
      .split('\n')
      .slice(0, -1)
      .some((line) => (JSON.parse(line) as { tool?: string }).tool === tool);
  return new Promise((resolve, reject) => {
    // Watching starts before the first read, so a line written in between is not missed.
    const watcher = watch(home);
    const check = () =>
      written().then((yes) => {
        if (!yes) return;
        watcher.close();
        resolve();
      }, reject);
    watcher.on('change', (_event, name) => void (name === 'audit.jsonl' && check()));
    watcher.on('error', reject);
    void check();
  });
}
