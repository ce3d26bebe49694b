// What of the shared store's settings is secret, for the host's redactor: the database
// password (from `store.url` or OPENCLAW_SKILLS_DATABASE_URL, raw and URL-decoded) and the
// encryption keys. None of them is ever logged; this makes sure a skill that comes across one
// cannot put it into a result, a log line or an audit line either.
import type { HostConfig } from '../config/schema.js';

export function storeSecretValues(config: HostConfig, env: NodeJS.ProcessEnv): string[] {
  if (config.store?.type !== 'postgres') return [];
  const out = new Set<string>();
  for (const url of [config.store.url, env.OPENCLAW_SKILLS_DATABASE_URL]) {
    if (!url) continue;
    try {
      const password = new URL(url).password;
      if (password) {
        out.add(password);
        out.add(decodeURIComponent(password));
      }
    } catch {
      // not a URL: nothing to take from it (opening the store says so)
    }
  }
  for (const v of [
    env.OPENCLAW_SKILLS_ENCRYPTION_KEY,
    ...(env.OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS ?? '').split(','),
  ])
    if (v?.trim()) out.add(v.trim());
  return [...out].filter((v) => v.length >= 4);
}
