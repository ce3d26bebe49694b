// `<home>/serve.json`: how other processes (the CLI, doctor, the dashboard command) find a
// running serve for a home and prove they may use it. 0600: the token in it is the key to
// the control API and /mcp.
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { pidAlive } from '../pid-alive.js';

export { pidAlive };

export interface ServeInfo {
  /** Base URL, e.g. `http://127.0.0.1:7411`. */
  url: string;
  port: number;
  token: string;
  pid: number;
  /** `http` when /mcp is served; `stdio` when MCP goes over the process's stdin/stdout. */
  mcp: 'http' | 'stdio';
}

export const serveFilePath = (home: string): string => join(home, 'serve.json');

export async function writeServeFile(home: string, info: ServeInfo): Promise<void> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  await writeFileAtomic(serveFilePath(home), JSON.stringify(info, null, 2) + '\n', {
    mode: 0o600,
  });
}

/** Removes serve.json only if it is still ours (a newer serve may have replaced it). */
export async function removeServeFile(home: string, pid: number): Promise<void> {
  const current = readServeFile(home);
  if (current && current.pid !== pid) return;
  await rm(serveFilePath(home), { force: true });
}

/** serve.json, or undefined when absent or not in the expected shape. */
export function readServeFile(home: string): ServeInfo | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(serveFilePath(home), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (
    typeof r.url !== 'string' ||
    typeof r.port !== 'number' ||
    typeof r.token !== 'string' ||
    typeof r.pid !== 'number'
  )
    return undefined;
  return {
    url: r.url,
    port: r.port,
    token: r.token,
    pid: r.pid,
    mcp: r.mcp === 'stdio' ? 'stdio' : 'http',
  };
}
