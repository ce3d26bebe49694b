// The single source of truth for manifest.json v1: the JSON Schema below is shipped as
// manifest.schema.json (see scripts/emit-schemas.mjs) and the TypeScript types are derived from it
// with json-schema-to-ts, so there is no hand-kept twin to drift.
import type { FromSchema } from 'json-schema-to-ts';

export const SKILL_NAME_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const TOOL_PART_PATTERN = '^[a-z][a-z0-9_]*$';
/** `<skill>.<tool>`: the canonical tool name. */
export const CANONICAL_TOOL_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*\\.[a-z][a-z0-9_]*$';

const jsonSchemaObject = {
  type: 'object',
  description: 'A JSON Schema (draft-07 or 2020-12) describing an object.',
} as const;

/** Tool input and output: providers (Anthropic, OpenAI, MCP) require `"type": "object"`. */
const toolObjectSchema = {
  type: 'object',
  description: 'A JSON Schema (draft-07 or 2020-12) with "type": "object".',
  properties: { type: { const: 'object', description: 'Always "object".' } },
  required: ['type'],
} as const;

const oauth2Auth = {
  type: 'object',
  properties: {
    type: { const: 'oauth2', description: 'An OAuth 2 account the user logs in to.' },
    provider: {
      type: 'string',
      minLength: 1,
      description: 'Provider preset or a provider named in the host config (google, github, ...).',
    },
    scopes: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      description:
        "Scopes asked at login besides those of the tools using this entry (the preset's short names).",
    },
  },
  required: ['type', 'provider'],
  additionalProperties: false,
} as const;

const apiKeyAuth = {
  type: 'object',
  properties: {
    type: { const: 'apiKey', description: 'An API key the user provides.' },
    env: {
      type: 'string',
      pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
      description:
        'Name the key is looked up by: the host config (skills.<name>.secrets), the environment, then the keychain (auth set-key).',
    },
    description: { type: 'string', description: 'What the key is for, shown when it is missing.' },
  },
  required: ['type'],
  additionalProperties: false,
} as const;

const toolSchema = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      pattern: CANONICAL_TOOL_PATTERN,
      maxLength: 128,
      description: 'Canonical name `<skill>.<tool>`, e.g. `gmail.list`.',
    },
    title: { type: 'string', description: 'Short human-readable name (MCP `title`).' },
    description: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      description: 'What the tool does and when to use it: the model reads this to choose it.',
    },
    inputSchema: {
      ...toolObjectSchema,
      description:
        'JSON Schema of the input (`"type": "object"`); every call is validated against it before the tool runs.',
    },
    outputSchema: {
      ...toolObjectSchema,
      description: 'JSON Schema of a JSON result; results that do not match answer INVALID_OUTPUT.',
    },
    annotations: {
      type: 'object',
      description: 'MCP tool annotations (hints).',
      properties: {
        title: { type: 'string', description: 'Display name for clients.' },
        readOnlyHint: {
          type: 'boolean',
          description: 'Changes nothing (policy group:readonly; the readonly profile allows it).',
        },
        destructiveHint: {
          type: 'boolean',
          description:
            'May destroy or overwrite data: asks for approval, denied to subagents (group:destructive).',
        },
        idempotentHint: {
          type: 'boolean',
          description: 'Calling again with the same input has no further effect.',
        },
        openWorldHint: {
          type: 'boolean',
          description: 'Reaches outside systems (the web, an API) rather than a closed domain.',
        },
      },
      additionalProperties: false,
    },
    auth: {
      type: 'object',
      description:
        'The account this tool needs; it gets tokens for these scopes only (incremental consent asks for missing ones).',
      properties: {
        provider: {
          type: 'string',
          minLength: 1,
          description: 'A key of the top-level `auth` map.',
        },
        scopes: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: "The narrowest scopes this tool needs, in the preset's short names.",
        },
      },
      required: ['provider'],
      additionalProperties: false,
    },
    approval: {
      enum: ['auto', 'required'],
      description:
        '"required": a person approves each call (unless the host config lifts it). Default "auto".',
    },
    timeoutMs: {
      type: 'integer',
      minimum: 1,
      maximum: 3_600_000,
      description: 'Per-call timeout; the call is aborted and answers TIMEOUT. Default 60000.',
    },
    maxResultChars: {
      type: 'integer',
      minimum: 100,
      description: 'Longer results are cut, with a note to the model. Default 50000.',
    },
    ownerOnly: {
      type: 'boolean',
      description: "Only the agent's owner may call it (CallContext.isOwner). Default false.",
    },
    group: {
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9_-]*$',
      description: 'A group policy can allow or deny as group:<name>.',
    },
  },
  required: ['name', 'description', 'inputSchema'],
  additionalProperties: false,
} as const;

export const manifestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenClaw skill manifest (manifest.json), version 1',
  type: 'object',
  properties: {
    $schema: {
      type: 'string',
      description:
        'Where this schema is, for editors, e.g. ./node_modules/@openclaw/skill-sdk/manifest.schema.json.',
    },
    manifestVersion: { const: 1, description: 'Format version of this file.' },
    name: {
      type: 'string',
      pattern: SKILL_NAME_PATTERN,
      minLength: 1,
      maxLength: 64,
      description: "The skill's id; equals SKILL.md's name.",
    },
    version: {
      type: 'string',
      minLength: 1,
      description: "When present, equals package.json's version.",
    },
    displayName: { type: 'string', description: 'Name shown to people (MCP `title`).' },
    description: {
      type: 'string',
      minLength: 1,
      maxLength: 1024,
      description: "What the skill does and when to use it. Default: SKILL.md's description.",
    },
    author: {
      description: 'Who made it: a name, or { name, email, url }.',
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: {
            name: { type: 'string', description: "The author's name." },
            email: { type: 'string', description: 'Where to reach the author.' },
            url: { type: 'string', description: "The author's web page." },
          },
          required: ['name'],
          additionalProperties: false,
        },
      ],
    },
    homepage: { type: 'string', description: "URL of the skill's documentation or source." },
    icon: { type: 'string', description: 'An icon for listings: a URL or a path in the package.' },
    host: { type: 'string', minLength: 1, description: 'Semver range of the host API, e.g. ^1' },
    entry: {
      type: 'string',
      minLength: 1,
      description:
        "The ES module to load, inside the package. Default: the package's exports (or main).",
    },
    config: {
      ...jsonSchemaObject,
      description:
        "JSON Schema of the skill's settings (host config skills.<name>.config), validated with defaults filled in before the skill runs; the code reads them as ctx.config.",
    },
    auth: {
      type: 'object',
      description:
        'Accounts the skill uses, by a key its tools and ctx.auth refer to: an OAuth 2 provider or an API key.',
      propertyNames: { pattern: '^[a-zA-Z0-9_-]+$' },
      additionalProperties: { oneOf: [oauth2Auth, apiKeyAuth] },
    },
    permissions: {
      type: 'object',
      description:
        'What isolated code may reach (enforced in the sandbox; see docs/isolation.md for each runner).',
      properties: {
        network: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Host names the code may connect to. Default: none in a sandbox.',
        },
        env: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Environment variables and secrets the skill may read (ctx.secrets).',
        },
        fs: {
          enum: ['none', 'read', 'write'],
          description: 'Access to the skill\'s own storage folder. Default "none".',
        },
        // The sandbox refuses these unless declared here and granted by the user in the host
        // config (skills.<name>.grant): each one lets code out of Node's permission model.
        childProcess: {
          type: 'boolean',
          description: 'May start child processes, if the user grants it (skills.<name>.grant).',
        },
        workerThreads: {
          type: 'boolean',
          description: 'May start worker threads, if the user grants it.',
        },
        addons: { type: 'boolean', description: 'May load native addons, if the user grants it.' },
      },
      additionalProperties: false,
    },
    tools: {
      type: 'array',
      items: toolSchema,
      description: 'The tools the skill offers; its code implements exactly these.',
    },
  },
  required: ['manifestVersion', 'name'],
  additionalProperties: false,
} as const;

export type Manifest = FromSchema<typeof manifestSchema>;
export type ManifestTool = FromSchema<typeof toolSchema>;
export type ManifestAuth = NonNullable<Manifest['auth']>[string];
export type ToolAnnotations = NonNullable<ManifestTool['annotations']>;
