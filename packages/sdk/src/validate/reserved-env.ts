// Environment variables the host owns. A skill that declares one in `permissions.env` (or as
// an apiKey's `env`) would be handed the host's own settings and credentials: the OAuth
// providers' client secrets, the database URL, the encryption key, or a variable that changes
// how Node loads code. Such a manifest is a problem the skill cannot run with, and runners
// drop these names from what they pass on even when a manifest slipped through.

interface ReservedRule {
  /** Matches the upper-cased name (Windows names are case-insensitive). */
  test: (upper: string) => boolean;
  why: string;
}

const RULES: readonly ReservedRule[] = [
  {
    test: (n) => n.startsWith('OPENCLAW_'),
    why: "the host's own settings and credentials (OPENCLAW_SKILLS_*, and the OAuth providers' OPENCLAW_<PROVIDER>_CLIENT_ID and _CLIENT_SECRET)",
  },
  {
    // NODE_ENV only says which mode to run in; every other NODE_* variable is read by Node
    // itself (NODE_OPTIONS adds flags, NODE_PATH and NODE_EXTRA_CA_CERTS change what loads
    // and what is trusted, NODE_CHANNEL_FD is the runner's own IPC channel).
    test: (n) => n.startsWith('NODE_') && n !== 'NODE_ENV',
    why: 'a variable Node reads to decide what loads and how (NODE_OPTIONS, NODE_PATH, NODE_EXTRA_CA_CERTS, ...)',
  },
  {
    test: (n) => n.startsWith('NPM_CONFIG_'),
    why: "npm's settings, which the host's installer reads and which can hold registry tokens",
  },
  {
    test: (n) => n === 'DBUS_SESSION_BUS_ADDRESS',
    why: 'the address of the desktop keyring where the host keeps its tokens',
  },
];

/** Why an env name is the host's (a phrase), or undefined when a skill may declare it. */
export function reservedEnvReason(name: string): string | undefined {
  const upper = name.toUpperCase();
  return RULES.find((r) => r.test(upper))?.why;
}

/** True for a name the host keeps for itself; no runner ever receives one. */
export const isReservedEnvName = (name: string): boolean => reservedEnvReason(name) !== undefined;
