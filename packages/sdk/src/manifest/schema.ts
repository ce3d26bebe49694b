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
  properties: { type: { const: 'object' } },
  required: ['type'],
} as const;

const oauth2Auth = {
  type: 'object',
  properties: {
    type: { const: 'oauth2' },
    provider: {
      type: 'string',
      minLength: 1,
      description: 'Provider preset or a provider named in the host config (google, github, ...).',
    },
    scopes: { type: 'array', items: { type: 'string', minLength: 1 } },
  },
  required: ['type', 'provider'],
  additionalProperties: false,
} as const;

const apiKeyAuth = {
  type: 'object',
  properties: {
    type: { const: 'apiKey' },
    env: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
    description: { type: 'string' },
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
    title: { type: 'string' },
    description: { type: 'string', minLength: 1, maxLength: 4096 },
    inputSchema: toolObjectSchema,
    outputSchema: toolObjectSchema,
    annotations: {
      type: 'object',
      description: 'MCP tool annotations (hints).',
      properties: {
        title: { type: 'string' },
        readOnlyHint: { type: 'boolean' },
        destructiveHint: { type: 'boolean' },
        idempotentHint: { type: 'boolean' },
        openWorldHint: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    auth: {
      type: 'object',
      properties: {
        provider: {
          type: 'string',
          minLength: 1,
          description: 'A key of the top-level `auth` map.',
        },
        scopes: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
      required: ['provider'],
      additionalProperties: false,
    },
    approval: { enum: ['auto', 'required'] },
    timeoutMs: { type: 'integer', minimum: 1, maximum: 3_600_000 },
    maxResultChars: { type: 'integer', minimum: 100 },
    ownerOnly: { type: 'boolean' },
    group: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
  },
  required: ['name', 'description', 'inputSchema'],
  additionalProperties: false,
} as const;

export const manifestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenClaw skill manifest (manifest.json), version 1',
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    manifestVersion: { const: 1 },
    name: { type: 'string', pattern: SKILL_NAME_PATTERN, minLength: 1, maxLength: 64 },
    version: { type: 'string', minLength: 1 },
    displayName: { type: 'string' },
    description: { type: 'string', minLength: 1, maxLength: 1024 },
    author: {
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: {
            name: { type: 'string' },
            email: { type: 'string' },
            url: { type: 'string' },
          },
          required: ['name'],
          additionalProperties: false,
        },
      ],
    },
    homepage: { type: 'string' },
    icon: { type: 'string' },
    host: { type: 'string', minLength: 1, description: 'Semver range of the host API, e.g. ^1' },
    entry: { type: 'string', minLength: 1 },
    config: jsonSchemaObject,
    auth: {
      type: 'object',
      propertyNames: { pattern: '^[a-zA-Z0-9_-]+$' },
      additionalProperties: { oneOf: [oauth2Auth, apiKeyAuth] },
    },
    permissions: {
      type: 'object',
      properties: {
        network: { type: 'array', items: { type: 'string', minLength: 1 } },
        env: { type: 'array', items: { type: 'string', minLength: 1 } },
        fs: { enum: ['none', 'read', 'write'] },
        // The sandbox refuses these unless declared here and granted by the user in the host
        // config (skills.<name>.grant): each one lets code out of Node's permission model.
        childProcess: { type: 'boolean' },
        workerThreads: { type: 'boolean' },
        addons: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    tools: { type: 'array', items: toolSchema },
  },
  required: ['manifestVersion', 'name'],
  additionalProperties: false,
} as const;

export type Manifest = FromSchema<typeof manifestSchema>;
export type ManifestTool = FromSchema<typeof toolSchema>;
export type ManifestAuth = NonNullable<Manifest['auth']>[string];
export type ToolAnnotations = NonNullable<ManifestTool['annotations']>;
