// Header values and env values given to MCP servers are secrets: never in logs or audit.
import type { HostConfig } from '../config/schema.js';

/** Values shorter than this are too common to redact without mangling ordinary text. */
const MIN_SECRET_CHARS = 8;

const isStringMap = (m: unknown): m is Record<string, unknown> =>
  typeof m === 'object' && m !== null && !Array.isArray(m);

/** Each header/env value of config.mcpServers, and the token of a `Bearer <token>` value. */
export function mcpSecretValues(config: HostConfig): string[] {
  const out: string[] = [];
  for (const s of Object.values(config.mcpServers ?? {})) {
    // An entry that failed its check (a broken server) may hold anything.
    const values = [s?.headers, s?.env].flatMap((m) => (isStringMap(m) ? Object.values(m) : []));
    for (const v of values) {
      if (typeof v !== 'string') continue;
      if (v.length >= MIN_SECRET_CHARS) out.push(v);
      const token = v.split(' ').pop();
      if (token && token !== v && token.length >= MIN_SECRET_CHARS) out.push(token);
    }
  }
  return out;
}
