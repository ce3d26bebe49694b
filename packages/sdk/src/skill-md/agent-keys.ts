// Frontmatter keys that agents read beyond the Agent Skills specification. Real skills carry
// them (Claude Code's `argument-hint`, `disable-model-invocation`, `paths`; OpenClaw's
// `homepage`, `command-*` and a nested `metadata.openclaw` block), so `validate --strict`
// reports them as warnings that name the agent, and only `--spec` keeps the specification's
// exact verdict (an unknown key is an error). This is the one table of them.

/** An agent that documents frontmatter keys of its own. */
export type KeyAgent = 'Claude Code' | 'OpenClaw';

/**
 * Top-level keys by the agents that read them: Claude Code's skills documentation (its
 * frontmatter reference) and OpenClaw's skill format. `allowed-tools`, `name` and
 * `description` are specification keys and not listed.
 */
export const AGENT_KEYS: Readonly<Record<string, readonly KeyAgent[]>> = {
  'argument-hint': ['Claude Code'],
  'disable-model-invocation': ['Claude Code', 'OpenClaw'],
  'user-invocable': ['Claude Code', 'OpenClaw'],
  model: ['Claude Code'],
  effort: ['Claude Code'],
  context: ['Claude Code'],
  agent: ['Claude Code'],
  hooks: ['Claude Code'],
  paths: ['Claude Code'],
  shell: ['Claude Code'],
  homepage: ['OpenClaw'],
};

/** OpenClaw's slash-command keys (`command-dispatch`, `command-tool`, `command-arg-mode`, ...). */
const OPENCLAW_COMMAND_PREFIX = 'command-';

/** Keys of `metadata` holding OpenClaw's block (the older names are still read). */
export const OPENCLAW_METADATA_KEYS = ['openclaw', 'clawdbot', 'clawdis'] as const;

/** The agents that read a top-level key, or undefined for a key no known agent reads. */
export function agentsReading(key: string): readonly KeyAgent[] | undefined {
  if (Object.hasOwn(AGENT_KEYS, key)) return AGENT_KEYS[key];
  if (key.startsWith(OPENCLAW_COMMAND_PREFIX) && key.length > OPENCLAW_COMMAND_PREFIX.length)
    return ['OpenClaw'];
  return undefined;
}

/** True for a `metadata` key whose value OpenClaw reads as a map (not a string). */
export function isOpenClawMetadataKey(key: string): boolean {
  return (OPENCLAW_METADATA_KEYS as readonly string[]).includes(key);
}

/** "Claude Code", "Claude Code and OpenClaw". */
export function agentList(agents: readonly KeyAgent[]): string {
  return agents.length > 1 ? `${agents.slice(0, -1).join(', ')} and ${agents.at(-1)}` : agents[0]!;
}
