// <home>/config.json, the host config. Types derive from this
// schema; it is shipped as host-config.schema.json so editors complete it.
import type { FromSchema } from 'json-schema-to-ts';

/** setTimeout's ceiling: a larger delay fires at once (Node clamps it to 1 ms). */
const MAX_MS = 2_147_483_647;
const ms = { type: 'integer', minimum: 1, maximum: MAX_MS } as const;

/** Where a code skill runs; the global setting and each skill's own use the same list. */
const runnerKind = { enum: ['inline', 'worker', 'sandbox'] } as const;

const stringList = { type: 'array', items: { type: 'string', minLength: 1 } } as const;
/** Policy and approval entries: globs over canonical tool names, or group:<name>. */
const toolGlobs = (what: string) =>
  ({
    ...stringList,
    description: `${what}: globs over tool names (gmail.*) or group:<name>.`,
  }) as const;

const rateWindow = {
  type: 'object',
  properties: {
    calls: { type: 'integer', minimum: 1, description: 'Calls allowed within the window.' },
    windowMs: { ...ms, description: 'The sliding window (default 60000).' },
  },
  additionalProperties: false,
} as const;

const policyLayer = {
  type: 'object',
  properties: {
    allow: toolGlobs('Tools this layer allows (when set, only these)'),
    deny: toolGlobs('Tools this layer denies; a deny in any layer wins'),
    profile: {
      type: 'string',
      description: 'A named allow/deny set: minimal, readonly, full, or one of policy.profiles.',
    },
  },
  additionalProperties: false,
} as const;

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

/** How results from a skill or server reach the model (docs/untrusted-results.md). */
const untrusted = (whose: string) =>
  ({
    type: 'object',
    description: `How results of ${whose} are marked for the model (docs/untrusted-results.md).`,
    properties: {
      wrap: {
        type: 'boolean',
        description: `true: always wrap results of ${whose} as untrusted data between markers; false: never. Default: wrap what comes from outside.`,
      },
    },
    additionalProperties: false,
  }) as const;

/**
 * One MCP server, in the shape Claude Desktop, Cursor and OpenClaw users already write:
 * stdio (`command`, `args`, `env`, `cwd`) or remote (`url`, `headers`). `type` and `disabled`
 * are accepted because other clients' configs carry them; the rest are ours.
 */
const mcpServer = {
  type: 'object',
  properties: {
    type: {
      enum: ['stdio', 'http', 'streamable-http', 'sse'],
      description:
        'Transport, as other clients write it (default: stdio with command, http with url).',
    },
    transport: {
      enum: ['stdio', 'http', 'streamable-http', 'sse'],
      description:
        'The same as "type", as OpenClaw writes it; when both are given they must agree.',
    },
    command: { type: 'string', description: 'Program speaking MCP on stdio.' },
    args: { type: 'array', items: { type: 'string' }, description: "The command's arguments." },
    env: { ...stringMap, description: "Environment variables for the command's process." },
    cwd: { type: 'string', description: "The command's working folder." },
    url: { type: 'string', description: 'URL of a remote server (Streamable HTTP, or SSE).' },
    headers: {
      ...stringMap,
      description: 'HTTP headers for a remote server (e.g. Authorization).',
    },
    enabled: { type: 'boolean', description: 'false leaves the server out (default true).' },
    disabled: { type: 'boolean', description: "true leaves the server out (other clients' key)." },
    eager: {
      type: 'boolean',
      description: 'Start with the host instead of on first use (default false).',
    },
    timeoutMs: {
      type: 'integer',
      minimum: 1,
      description: 'Per-call timeout (default 60000).',
    },
    startTimeoutMs: {
      type: 'integer',
      minimum: 1,
      description: 'How long the server may take to start and answer initialize (default 30000).',
    },
    trusted: {
      type: 'boolean',
      description:
        'Untrusted servers (the default) need approval for tools not marked read-only, and their results reach the model marked as untrusted data.',
    },
    untrusted: untrusted('this server'),
    include: { ...stringList, description: "Globs over the server's tool names to offer." },
    exclude: { ...stringList, description: "Globs over the server's tool names to hide." },
  },
  additionalProperties: false,
} as const;

export const hostConfigSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenClaw skill host config (<home>/config.json)',
  type: 'object',
  properties: {
    $schema: {
      type: 'string',
      description:
        'Where this schema is, for editors (host-config.schema.json in @openclaw/skill-host).',
    },
    sources: { ...stringList, description: 'Extra skill folders, after the built-in sources.' },
    runner: {
      ...runnerKind,
      description:
        'Runner for every code skill. Default: sandbox for skills installed from a registry, worker for local folders.',
    },
    skills: {
      type: 'object',
      description: 'Settings per skill, by skill name.',
      additionalProperties: {
        type: 'object',
        properties: {
          enabled: {
            type: 'boolean',
            description:
              'false lists the skill as disabled and offers none of its tools (default true).',
          },
          trusted: {
            type: 'boolean',
            description: "Run the skill inline, in the host's own process (default false).",
          },
          runner: {
            ...runnerKind,
            description: 'Runner for this skill; wins over trusted and the global runner.',
          },
          untrusted: untrusted(
            'this skill (its open-world tools, and its files read through skills_read)',
          ),
          config: {
            type: 'object',
            description: "The skill's settings, validated against its manifest's config schema.",
          },
          env: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description:
              'Environment variables for the skill (its requires.env and declared names), over the real environment.',
          },
          secrets: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'Values of secrets the manifest declares; prefer auth set-key (keychain).',
          },
          grant: {
            type: 'object',
            description:
              'Capabilities and folders granted to a sandboxed skill (capabilities also need the manifest to declare them in permissions).',
            properties: {
              read: {
                ...stringList,
                description:
                  'Folders the skill may read (absolute paths or ~/...; never inside the host home).',
              },
              write: {
                ...stringList,
                description:
                  'Folders the skill may read and write (absolute paths or ~/...; never inside the host home).',
              },
              childProcess: { type: 'boolean', description: 'Allow child processes.' },
              workerThreads: { type: 'boolean', description: 'Allow worker threads.' },
              addons: { type: 'boolean', description: 'Allow native addons.' },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
    policy: {
      type: 'object',
      description: 'Which tools may be called: layers defaults < policy < agents.<id> < session.',
      properties: {
        ...policyLayer.properties,
        profiles: {
          type: 'object',
          additionalProperties: policyLayer,
          description: 'Named allow/deny sets; one may build on another with its own profile.',
        },
        agents: {
          type: 'object',
          additionalProperties: policyLayer,
          description: 'A layer per agent id (CallContext.agentId).',
        },
        subagentDeny: { ...stringList, description: 'Added to the fixed subagent deny list.' },
      },
      additionalProperties: false,
    },
    approvals: {
      type: 'object',
      description: 'Which calls need a person: deny > require > auto.',
      properties: {
        auto: toolGlobs('Approved without asking (lifts approval: required and destructive)'),
        require: toolGlobs('Always asked for, whatever the manifest says'),
        deny: toolGlobs('Refused as if the person said no'),
        timeoutMs: { ...ms, description: 'How long to wait for an answer (default 300000).' },
      },
      additionalProperties: false,
    },
    limits: {
      type: 'object',
      description: 'Rate limits, the loop detector and result sizes, per host process.',
      properties: {
        perSession: { ...rateWindow, description: 'Calls per session within the window.' },
        perTool: {
          ...rateWindow,
          description: 'Calls per tool, across sessions, within the window.',
        },
        loop: {
          type: 'object',
          description:
            'The same tool with the same input in a session: a warning in the result from warnAt calls (default 10), refused at maxRepeats (default 20).',
          properties: {
            warnAt: {
              type: 'integer',
              minimum: 1,
              maximum: 1000,
              description: 'Repeats after which results carry a warning (default 10).',
            },
            maxRepeats: {
              type: 'integer',
              minimum: 2,
              maximum: 1000,
              description: 'Repeats after which the call is refused: LOOP_DETECTED (default 20).',
            },
            windowMs: { ...ms, description: 'How far back repeats count (default 60000).' },
          },
          additionalProperties: false,
        },
        concurrency: {
          type: 'integer',
          minimum: 1,
          description: 'callMany concurrency limit (default 8).',
        },
        maxResultChars: {
          type: 'integer',
          minimum: 100,
          description: 'Result limit for tools whose manifest sets none (default 50000).',
        },
        maxMessageBytes: {
          type: 'integer',
          minimum: 1024,
          maximum: 1073741824,
          description:
            'Largest message a worker or sandbox runner may send the host, a result as sent (default 16777216, 16 MiB). A larger result is RESULT_TOO_LARGE.',
        },
      },
      additionalProperties: false,
    },
    audit: {
      type: 'object',
      description: 'The append-only audit log, <home>/audit.jsonl: one line per call.',
      properties: {
        enabled: { type: 'boolean', description: 'Write the audit log (default true).' },
        fullInputs: {
          type: 'boolean',
          description: 'Log inputs in full (redacted) instead of as a hash.',
        },
      },
      additionalProperties: false,
    },
    tools: {
      type: 'object',
      description:
        'What tool lists hold per turn: a token budget, and tools always sent (docs/agents/tool-budgets.md).',
      properties: {
        budget: {
          anyOf: [{ type: 'integer', minimum: 1 }, { const: false }],
          description:
            'Tokens the tool definitions of one turn may take (default 5000); tools over it are deferred, reachable through tool search. false: no budget.',
        },
        alwaysOn: toolGlobs('Sent in every list, before ranking (they count against the budget)'),
      },
      additionalProperties: false,
    },
    auth: {
      type: 'object',
      description: 'OAuth providers and where tokens are kept.',
      properties: {
        store: {
          enum: ['keychain', 'file'],
          description:
            'keychain: the OS keychain (default). file: a 0600 file in the home, tokens unencrypted (opt-in).',
        },
        providers: {
          type: 'object',
          description:
            'OAuth clients by provider name: your client id and secret for a preset (google, github, microsoft, slack), or a provider of your own.',
          additionalProperties: {
            type: 'object',
            properties: {
              type: { enum: ['oauth2'], description: 'The only kind of provider (default).' },
              preset: {
                type: 'string',
                description: 'Build on a preset: google, github, microsoft or slack.',
              },
              authorizeUrl: { type: 'string', description: 'Authorization endpoint.' },
              tokenUrl: { type: 'string', description: 'Token endpoint.' },
              revokeUrl: {
                type: 'string',
                description: 'Revocation endpoint (RFC 7009), used by logout.',
              },
              deviceAuthorizationUrl: {
                type: 'string',
                description: 'Device authorization endpoint (RFC 8628), for login --device.',
              },
              clientId: {
                type: 'string',
                description: 'Your OAuth client id (or env OPENCLAW_<PROVIDER>_CLIENT_ID).',
              },
              clientSecret: {
                type: 'string',
                description: 'Your client secret (or env OPENCLAW_<PROVIDER>_CLIENT_SECRET).',
              },
              scopes: {
                type: 'object',
                additionalProperties: { type: 'string' },
                description: 'Short scope names skills use, mapped to the real scopes.',
              },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    install: {
      type: 'object',
      description: 'Installing skills into the store.',
      properties: {
        registry: {
          type: 'string',
          description: 'npm registry URL (default: your npm config); --registry wins.',
        },
        policyCommand: {
          type: 'string',
          description:
            'Run before each install with the summary as JSON on stdin; it answers allow, warn or block (anything else blocks).',
        },
        keepGenerations: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description:
            'Versions kept per installed skill besides the serving one, for rollback (default 2); older ones are removed after each install, update, remove or rollback.',
        },
        requireSignatures: {
          type: 'boolean',
          description:
            'Refuse a registry install whose registry signature cannot be verified (unsigned, or a registry that publishes no signing keys); default false: a warning at consent. A signature that fails is always refused.',
        },
        requireProvenance: {
          type: 'boolean',
          description:
            'Refuse a registry install without a verified provenance attestation; default false. Provenance that fails verification is always refused.',
        },
      },
      additionalProperties: false,
    },
    store: {
      type: 'object',
      description:
        'Where grants, refresh locks and the lockfile live: files in the home (default, one machine) or Postgres shared by several hosts.',
      properties: {
        type: {
          enum: ['files', 'postgres'],
          description:
            'files: in the home (default). postgres: shared by several hosts (docs/deploying.md).',
        },
        url: {
          type: 'string',
          description:
            'postgres://user:password@host:5432/db (or env OPENCLAW_SKILLS_DATABASE_URL).',
        },
        auditTable: {
          type: 'boolean',
          description: 'Also write audit lines to the openclaw_audit table (default false).',
        },
      },
      additionalProperties: false,
    },
    serve: {
      type: 'object',
      description: 'The host as a service (openclaw-skill serve).',
      properties: {
        toolNames: {
          enum: ['wire', 'canonical'],
          description:
            'Tool names serve lists over MCP: wire (default, notes_read: what OpenAI and Anthropic accept) or canonical (notes.read).',
        },
      },
      additionalProperties: false,
    },
    mcpServers: {
      type: 'object',
      description: 'MCP servers whose tools join the catalog as mcp__<server>__<tool>.',
      additionalProperties: mcpServer,
    },
    channels: {
      type: 'object',
      description:
        "OpenClaw's channel settings. The host does not use them: an OpenClaw skill whose requires.config names a path here (channels.discord.token) is ready only when it is set.",
    },
    plugins: {
      type: 'object',
      description:
        "OpenClaw's plugin settings, read the same way (plugins.entries.voice-call.enabled).",
    },
  },
  additionalProperties: false,
} as const;

export type HostConfig = FromSchema<typeof hostConfigSchema>;
export type PolicyConfig = NonNullable<HostConfig['policy']>;
export type PolicyLayer = FromSchema<typeof policyLayer>;
export type ApprovalsConfig = NonNullable<HostConfig['approvals']>;
export type LimitsConfig = NonNullable<HostConfig['limits']>;
export type AuditConfig = NonNullable<HostConfig['audit']>;
export type ToolsConfig = NonNullable<HostConfig['tools']>;
export type SkillSettings = NonNullable<HostConfig['skills']>[string];
export type StoreConfig = NonNullable<HostConfig['store']>;
export type McpServerSettings = FromSchema<typeof mcpServer>;
/** One mcpServers entry's schema: each entry is checked on its own (a bad one is that server's problem). */
export const mcpServerSchema = mcpServer;
