// The built-in skill `skills`: its catalog record, so the router treats its tools like any
// others (policy, validation, audit). Its code is activateBuiltin, not a module to import.
import {
  HOST_API_VERSION,
  MAX_SKILL_MD_BYTES,
  type Manifest,
  type ManifestTool,
} from '@openclaw/skill-sdk';
import { DEFAULT_MAX_RESULT_CHARS, type SkillRecord, type ToolRecord } from '../catalog/types.js';
import { TOOLS_SEARCH } from '../formats/names.js';

export const BUILTIN_SKILL = 'skills';
export const SEARCH_TOOL = 'skills.search';
export const READ_TOOL = 'skills.read';
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_DEFAULT_LIMIT = 10;
const TIMEOUT_MS = 10_000;

const annotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const searchManifest = {
  name: SEARCH_TOOL,
  title: 'Search skills',
  description:
    'Find installed skills by what they do. Returns the best matches (name, description, location of its SKILL.md, relevance score); then read the one that fits with the skills read tool.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What the task is about, in a few words.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: SEARCH_MAX_LIMIT,
        description: `How many skills to return at most (default ${SEARCH_DEFAULT_LIMIT}).`,
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  annotations,
  timeoutMs: TIMEOUT_MS,
} satisfies ManifestTool;

const readManifest = {
  name: READ_TOOL,
  title: 'Read a skill',
  description:
    "Read a skill's instructions (its SKILL.md), or a text file inside the skill's folder given as a relative path such as references/guide.md.",
  inputSchema: {
    type: 'object',
    properties: {
      name: {
        type: 'string',
        description: 'The skill name, as listed in available_skills or by the search tool.',
      },
      path: {
        type: 'string',
        description:
          "A file inside the skill's folder, relative to it. Leave out to read SKILL.md.",
      },
    },
    required: ['name'],
    additionalProperties: false,
  },
  annotations,
  timeoutMs: TIMEOUT_MS,
  // A whole SKILL.md always fits; larger reference files are cut with a note.
  maxResultChars: MAX_SKILL_MD_BYTES,
} satisfies ManifestTool;

function toolRecord(manifest: ManifestTool): ToolRecord {
  const dot = manifest.name.indexOf('.');
  return {
    name: manifest.name,
    skill: BUILTIN_SKILL,
    tool: manifest.name.slice(dot + 1),
    ...(manifest.title !== undefined && { title: manifest.title }),
    description: manifest.description,
    inputSchema: manifest.inputSchema,
    ...(manifest.annotations && { annotations: manifest.annotations }),
    timeoutMs: manifest.timeoutMs ?? TIMEOUT_MS,
    maxResultChars: manifest.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS,
    ownerOnly: false,
    manifest,
  };
}

const toolsSearchManifest = {
  name: TOOLS_SEARCH,
  title: 'Search tools',
  description:
    'Find tools that are not in your tool list yet, by what you need to do. The tools found join your tool list from your next turn; call them by the names returned.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What you need a tool for, in a few words.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 20,
        description: 'How many tools to return at most (default 5).',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  annotations,
  timeoutMs: TIMEOUT_MS,
} satisfies ManifestTool;

/** The `skills` record: kind code, ready, from the `builtin` source (precedence -1). */
export function builtinSkillRecord(): SkillRecord {
  const description = "The host's own tools: find installed skills and read their instructions.";
  const manifest: Manifest = {
    manifestVersion: 1,
    name: BUILTIN_SKILL,
    version: HOST_API_VERSION,
    description,
    tools: [searchManifest, readManifest, toolsSearchManifest],
  };
  return {
    name: BUILTIN_SKILL,
    version: HOST_API_VERSION,
    description,
    displayName: 'Skills',
    dir: '<builtin>',
    location: '<builtin>/SKILL.md',
    source: { kind: 'builtin', dir: '<builtin>', precedence: -1 },
    status: 'ready',
    problems: [],
    kind: 'code',
    manifest,
    config: {},
    tools: [toolRecord(searchManifest), toolRecord(readManifest), toolRecord(toolsSearchManifest)],
  };
}
