// OpenClaw's `requires.config`: dotted paths into the host config that must be set and
// truthy for the skill to be eligible (`channels.discord.token`, `plugins.entries.x.enabled`).
// Pure: the scan passes the config it loaded.

/** The value at a dotted path (`a.b.c`), or undefined when any step is missing. */
export function configValue(config: unknown, path: string): unknown {
  let at: unknown = config;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * Set and truthy as OpenClaw counts it: not missing, null, false, 0 or an empty string.
 * An empty map or list counts as set (a section written out is the user's choice).
 */
export function configPathTruthy(config: unknown, path: string): boolean {
  return path !== '' && Boolean(configValue(config, path));
}
