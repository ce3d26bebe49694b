// MCP's Skills extension (io.modelcontextprotocol/skills) on serve's MCP server: skills/list
// and skills/get with each skill's frontmatter and the digests of its files,
// resources/directory/read, and every file of a skill as a skill:// resource (text, or a
// base64 blob for binary files). A caller sees the skills its prompt block shows it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { callerView, type Caller } from '../budget/caller.js';
import type { SkillRecord } from '../catalog/types.js';
import type { SkillHost } from '../host.js';
import { promptSkills } from '../prompt/select.js';
import { asText, servedSkill, type ServedSkill } from './skill-files.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
/** The capability entry serve declares under `extensions`. */
export const skillsExtension = { [SKILLS_EXTENSION]: { directoryRead: true } };

/** How long a client may keep a list before asking again (changes are also announced). */
const TTL_MS = 60_000;
const cacheHints = { resultType: 'complete', ttlMs: TTL_MS, cacheScope: 'private' } as const;

const ListSkillsRequest = z.object({
  method: z.literal('skills/list'),
  params: z.looseObject({ cursor: z.string().optional() }).optional(),
});
const GetSkillRequest = z.object({
  method: z.literal('skills/get'),
  params: z.looseObject({ uri: z.string() }),
});
const ReadDirectoryRequest = z.object({
  method: z.literal('resources/directory/read'),
  params: z.looseObject({ uri: z.string(), cursor: z.string().optional() }),
});

export interface SkillsOptions {
  host: SkillHost;
  /** Who asks, from the request's MCP session. */
  caller: (sessionId: string | undefined) => Caller;
}

/** Parses `skill://<name>/<path>`; the path is '' for the skill's folder itself. */
function parseSkillUri(uri: string): { name: string; path: string } | undefined {
  const m = /^skill:\/\/([^/]+)(?:\/(.*))?$/.exec(uri);
  if (!m) return undefined;
  try {
    const path = (m[2] ?? '').replace(/\/+$/, '');
    return {
      name: decodeURIComponent(m[1]!),
      path: path === '' ? '' : path.split('/').map(decodeURIComponent).join('/'),
    };
  } catch {
    return undefined;
  }
}

const invalid = (message: string, uri: string) =>
  new McpError(ErrorCode.InvalidParams, message, {
    uri,
    hint: 'skills/list names the skills and files this server has.',
  });

/** What the Skills extension answers, per MCP session (no SDK types: both eras use it). */
export interface SkillsService {
  list(sessionId: string | undefined): Promise<Record<string, unknown>>;
  get(uri: string, sessionId: string | undefined): Promise<Record<string, unknown>>;
  readDirectory(uri: string, sessionId: string | undefined): Promise<Record<string, unknown>>;
  resources(sessionId: string | undefined): Promise<{ resources: Resource[] }>;
  read(
    uri: string,
    sessionId: string | undefined,
  ): Promise<{
    contents: ({ uri: string; mimeType: string } & ({ text: string } | { blob: string }))[];
  }>;
}

export function skillsService(opts: SkillsOptions): SkillsService {
  const { host } = opts;
  const visible = (sessionId: string | undefined): SkillRecord[] => {
    const snapshot = host.snapshot();
    const view = callerView(snapshot, host.config, opts.caller(sessionId));
    return promptSkills(snapshot).filter((s) => view.showsSkill(s));
  };
  const served = async (sessionId: string | undefined): Promise<ServedSkill[]> => {
    const snapshot = host.snapshot();
    const all = await Promise.all(visible(sessionId).map((s) => servedSkill(snapshot, s)));
    return all.filter((s): s is ServedSkill => s !== undefined);
  };
  const find = async (sessionId: string | undefined, name: string) =>
    (await served(sessionId)).find((s) => s.skill.name === name);

  return {
    list: async (sessionId) => ({
      ...cacheHints,
      skills: (await served(sessionId)).map((s) => s.entry),
    }),
    async get(uri, sessionId) {
      const at = parseSkillUri(uri);
      const found = at?.path === 'SKILL.md' ? await find(sessionId, at.name) : undefined;
      if (!found) throw invalid(`No skill is served at ${uri}.`, uri);
      return { ...cacheHints, skill: found.entry };
    },
    async readDirectory(uri, sessionId) {
      const at = parseSkillUri(uri);
      const found = at ? await find(sessionId, at.name) : undefined;
      const children = found && at ? directoryChildren(found, at.path) : undefined;
      if (!children) throw invalid(`${uri} is not a directory resource of a served skill.`, uri);
      return { resultType: 'complete', resources: children };
    },
    resources: async (sessionId) => ({
      resources: (await served(sessionId)).flatMap(fileResources),
    }),
    async read(uri, sessionId) {
      const at = parseSkillUri(uri);
      const found = at ? await find(sessionId, at.name) : undefined;
      const file = found?.files.find((f) => f.path === at?.path);
      if (!found || !file) {
        throw new McpError(-32002, `No skill file at ${uri}.`, {
          uri,
          hint: 'List the resources (or skills/list) for the skill files this server has.',
        });
      }
      const bytes = await readFile(join(found.skill.dir, file.path));
      const text = asText(bytes);
      return {
        contents: [
          text === undefined
            ? { uri, mimeType: file.mimeType, blob: bytes.toString('base64') }
            : { uri, mimeType: file.mimeType, text },
        ],
      };
    },
  };
}

/** The extension's methods and the skill:// resources on a 2025-era (SDK 1.x) server. */
export function registerSkills(server: Server, skills: SkillsService): void {
  server.setRequestHandler(ListSkillsRequest, (_req, extra) => skills.list(extra.sessionId));
  server.setRequestHandler(GetSkillRequest, (req, extra) =>
    skills.get(req.params.uri, extra.sessionId),
  );
  server.setRequestHandler(ReadDirectoryRequest, (req, extra) =>
    skills.readDirectory(req.params.uri, extra.sessionId),
  );
  server.setRequestHandler(ListResourcesRequestSchema, (_req, extra) =>
    skills.resources(extra.sessionId),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (req, extra) =>
    skills.read(req.params.uri, extra.sessionId),
  );
}

function fileResources({ skill, files }: ServedSkill): Resource[] {
  return files.map((f) =>
    f.path === 'SKILL.md'
      ? {
          uri: f.uri,
          name: skill.name,
          ...(skill.displayName && { title: skill.displayName }),
          description: skill.description,
          mimeType: 'text/markdown',
          size: f.size,
        }
      : { uri: f.uri, name: f.path, mimeType: f.mimeType, size: f.size },
  );
}

/** The direct children of a folder of the skill (files and sub-folders), or undefined. */
function directoryChildren(found: ServedSkill, dir: string): Resource[] | undefined {
  const prefix = dir === '' ? '' : `${dir}/`;
  const inside = found.files.filter((f) => f.path.startsWith(prefix));
  if (inside.length === 0) return undefined;
  const folders = new Set<string>();
  const out: Resource[] = [];
  for (const f of inside) {
    const rest = f.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) {
      out.push({ uri: f.uri, name: rest, mimeType: f.mimeType, size: f.size });
      continue;
    }
    const folder = rest.slice(0, slash);
    if (folders.has(folder)) continue;
    folders.add(folder);
    out.push({
      uri: `skill://${found.skill.name}/${(prefix + folder).split('/').map(encodeURIComponent).join('/')}`,
      name: folder,
      mimeType: 'inode/directory',
    });
  }
  return out;
}
