// Test helpers: a host in temp folders with the given mcpServers, and the fixture server's
// stdio config. Not part of the public API.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import type { McpServerSettings } from '../../config/schema.js';
import { createSkillHost, type SkillHost, type SkillHostOptions } from '../../host.js';
import { tempDir } from '../../testing/skill-folders.js';

export const FIXTURE = join(import.meta.dirname, 'fixture-server.mjs');

/** A stdio config for the fixture server. */
export function stdioFixture(over: Partial<McpServerSettings> = {}): McpServerSettings {
  return { command: process.execPath, args: [FIXTURE], ...over };
}

/**
 * `wrapResults: false` (the default here) sets `untrusted.wrap: false` on entries that say
 * nothing about it, so tests about other things read the servers' text as it came; the
 * tests of untrusted results pass true.
 */
export async function openHost(
  mcpServers: Record<string, McpServerSettings>,
  over: SkillHostOptions = {},
  { wrapResults = false }: { wrapResults?: boolean } = {},
): Promise<{ host: SkillHost; root: string; home: string }> {
  if (!wrapResults) {
    mcpServers = Object.fromEntries(
      Object.entries(mcpServers).map(([n, s]) => [n, { untrusted: { wrap: false }, ...s }]),
    );
  }
  const root = await tempDir('oc-mcp-');
  const home = join(root, 'home');
  const host = await createSkillHost({
    home,
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: '' },
    logger: pino({ level: 'silent' }),
    scanCache: false,
    ...over,
    config: { ...over.config, mcpServers },
  });
  return { host, root, home };
}

/** The audit lines written so far (call after host.close(), which flushes). */
export async function auditLines(home: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(home, 'audit.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Whether a process is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
