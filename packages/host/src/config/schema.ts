// <home>/config.json, the host config (DESIGN.md section 13). Types derive from this
// schema; it is shipped as host-config.schema.json so editors complete it.
import type { FromSchema } from 'json-schema-to-ts';

/** setTimeout's ceiling: a larger delay fires at once (Node clamps it to 1 ms). */
const MAX_MS = 2_147_483_647;
const ms = { type: 'integer', minimum: 1, maximum: MAX_MS } as const;

const stringList = { type: 'array', items: { type: 'string', minLength: 1 } } as const;

const rateWindow = {
  type: 'object',
  properties: {
    calls: { type: 'integer', minimum: 1 },
    windowMs: ms,
  },
  additionalProperties: false,
} as const;

const policyLayer = {
  type: 'object',
  properties: {
    allow: stringList,
    deny: stringList,
    profile: { type: 'string' },
  },
  additionalProperties: false,
} as const;

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

/**
 * One MCP server, in the shape Claude Desktop, Cursor and OpenClaw users already write:
 * stdio (`command`, `args`, `env`, `cwd`) or remote (`url`, `headers`). `type` and `disabled`
 * are accepted because other clients' configs carry them; the rest are ours.
 */
const mcpServer = {
  type: 'object',
  properties: {
    type: { enum: ['stdio', 'http', 'streamable-http', 'sse'] },
    command: { type: 'string' },
    args: { type: 'array', items: { type: 'string' } },
    env: stringMap,
    cwd: { type: 'string' },
    url: { type: 'string' },
    headers: stringMap,
    enabled: { type: 'boolean' },
    disabled: { type: 'boolean' },
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
      description: 'Untrusted servers (the default) need approval for tools not marked read-only.',
    },
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
    $schema: { type: 'string' },
    sources: { ...stringList, description: 'Extra skill folders, after the built-in sources.' },
    runner: { enum: ['inline', 'worker', 'sandbox'] },
    skills: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          enabled: { type: 'boolean' },
          trusted: { type: 'boolean' },
          runner: { enum: ['inline', 'worker', 'sandbox'] },
          config: { type: 'object' },
          env: { type: 'object', additionalProperties: { type: 'string' } },
          secrets: { type: 'object', additionalProperties: { type: 'string' } },
          grant: {
            type: 'object',
            description:
              'Capabilities granted to a sandboxed skill whose manifest declares them in permissions.',
            properties: {
              childProcess: { type: 'boolean' },
              workerThreads: { type: 'boolean' },
              addons: { type: 'boolean' },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
    policy: {
      type: 'object',
      properties: {
        ...policyLayer.properties,
        profiles: { type: 'object', additionalProperties: policyLayer },
        agents: { type: 'object', additionalProperties: policyLayer },
        subagentDeny: { ...stringList, description: 'Added to the fixed subagent deny list.' },
      },
      additionalProperties: false,
    },
    approvals: {
      type: 'object',
      properties: {
        auto: stringList,
        require: stringList,
        deny: stringList,
        timeoutMs: ms,
      },
      additionalProperties: false,
    },
    limits: {
      type: 'object',
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
            warnAt: { type: 'integer', minimum: 1, maximum: 1000 },
            maxRepeats: { type: 'integer', minimum: 2, maximum: 1000 },
            windowMs: ms,
          },
          additionalProperties: false,
        },
        concurrency: { type: 'integer', minimum: 1, description: 'callMany concurrency limit.' },
        maxResultChars: { type: 'integer', minimum: 100 },
      },
      additionalProperties: false,
    },
    audit: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        fullInputs: {
          type: 'boolean',
          description: 'Log inputs in full (redacted) instead of as a hash.',
        },
      },
      additionalProperties: false,
    },
    auth: {
      type: 'object',
      properties: {
        store: { enum: ['keychain', 'file'] },
        providers: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: {
              type: { enum: ['oauth2'] },
              preset: { type: 'string' },
              authorizeUrl: { type: 'string' },
              tokenUrl: { type: 'string' },
              revokeUrl: { type: 'string' },
              deviceAuthorizationUrl: { type: 'string' },
              clientId: { type: 'string' },
              clientSecret: { type: 'string' },
              scopes: { type: 'object', additionalProperties: { type: 'string' } },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    install: {
      type: 'object',
      properties: { registry: { type: 'string' }, policyCommand: { type: 'string' } },
      additionalProperties: false,
    },
    store: {
      type: 'object',
      description:
        'Where grants, refresh locks and the lockfile live: files in the home (default, one machine) or Postgres shared by several hosts.',
      properties: {
        type: { enum: ['files', 'postgres'] },
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
    mcpServers: {
      type: 'object',
      description: 'MCP servers whose tools join the catalog as mcp__<server>__<tool>.',
      additionalProperties: mcpServer,
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
export type SkillSettings = NonNullable<HostConfig['skills']>[string];
export type StoreConfig = NonNullable<HostConfig['store']>;
export type McpServerSettings = FromSchema<typeof mcpServer>;
