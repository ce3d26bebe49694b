// Skills an MCP server offers through the Skills extension (io.modelcontextprotocol/skills):
// skills/list gives each skill's SKILL.md URI, frontmatter and the SHA-256 digest of every
// file; each file is fetched with resources/read and checked against its digest before it is
// kept. A skill with a file that does not match (or cannot be read) is not served: it becomes
// an invalid record whose problem names the file. Verified files are written to a local
// folder so skills_read serves them like any skill's; their text stays untrusted.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Problem } from '@openclaw/skill-sdk';
import { z } from 'zod';
import type { SkillRecord, SkillSource } from '../catalog/types.js';
import { MCP_PRECEDENCE } from './config.js';

/** Most skills taken from one server, and most bytes of one skill. */
const MAX_SKILLS = 200;
const MAX_SKILL_BYTES = 8 * 1024 * 1024;

const Entry = z.looseObject({
  uri: z.string(),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.array(z.looseObject({ uri: z.string(), digest: z.string(), size: z.number() })),
});
const ListResult = z.looseObject({
  skills: z.array(Entry),
  nextCursor: z.string().optional(),
});
const ReadResult = z.looseObject({
  contents: z.array(
    z.looseObject({ uri: z.string(), text: z.string().optional(), blob: z.string().optional() }),
  ),
});
type SkillEntry = z.infer<typeof Entry>;

/** What one server contributes: its skills' records, and why listing them failed (if it did). */
export interface RemoteSkills {
  records: SkillRecord[];
  problem?: Problem;
}

export interface RemoteSkillsOptions {
  client: Pick<Client, 'request'>;
  server: string;
  /** The folder the verified files of this server's skills are written to (replaced). */
  dir: string;
  /** The config file and field the problems point at. */
  configFile: string;
  timeoutMs: number;
}

/** The server's skills as catalog records (verified ones ready, the others invalid). */
export async function fetchRemoteSkills(opts: RemoteSkillsOptions): Promise<SkillRecord[]> {
  const entries = await listEntries(opts);
  await rm(opts.dir, { recursive: true, force: true });
  const out: SkillRecord[] = [];
  for (const entry of entries.slice(0, MAX_SKILLS)) out.push(await oneSkill(opts, entry));
  return out;
}

async function listEntries(opts: RemoteSkillsOptions): Promise<SkillEntry[]> {
  const all: SkillEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await opts.client.request(
      { method: 'skills/list', params: cursor ? { cursor } : {} },
      ListResult as never,
      { timeout: opts.timeoutMs },
    );
    const parsed = ListResult.parse(page);
    all.push(...parsed.skills);
    cursor = parsed.nextCursor;
  } while (cursor && all.length < MAX_SKILLS);
  return all;
}

/** `skill://<name>/<path>` → the path inside the skill, or undefined when unsafe or foreign. */
export function relativePath(uri: string, name: string): string | undefined {
  const prefix = `skill://${encodeURIComponent(name)}/`;
  const alt = `skill://${name}/`;
  const rest = uri.startsWith(prefix)
    ? uri.slice(prefix.length)
    : uri.startsWith(alt)
      ? uri.slice(alt.length)
      : undefined;
  if (rest === undefined || rest === '') return undefined;
  let parts: string[];
  try {
    parts = rest.split('/').map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
  const unsafe = (p: string) => p === '' || p === '.' || p === '..' || /[\\\0]/.test(p);
  return parts.some(unsafe) ? undefined : parts.join('/');
}

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

async function oneSkill(opts: RemoteSkillsOptions, entry: SkillEntry): Promise<SkillRecord> {
  const name = entry.frontmatter.name;
  const skillDir = join(opts.dir, SAFE_NAME.test(name) ? name : 'invalid');
  const record = recordOf(opts, entry, skillDir);
  if (!SAFE_NAME.test(name))
    return invalid(record, opts, `its name "${name.slice(0, 80)}" is not a skill name`);
  let total = 0;
  const files: { path: string; bytes: Buffer }[] = [];
  for (const res of entry.resources) {
    const path = relativePath(res.uri, name);
    if (path === undefined)
      return invalid(record, opts, `file ${res.uri} is not inside skill://${name}/`);
    total += res.size;
    if (total > MAX_SKILL_BYTES)
      return invalid(record, opts, `its files exceed ${MAX_SKILL_BYTES} bytes`);
    const bytes = await readResource(opts, res.uri).catch((e: unknown) => e as Error);
    if (bytes instanceof Error) {
      return invalid(record, opts, `file ${path} could not be read: ${bytes.message}`);
    }
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (digest !== res.digest.toLowerCase()) {
      return invalid(
        record,
        opts,
        `file ${path} does not match its digest (skills/list gave ${res.digest.slice(0, 80)}, the bytes read are ${digest})`,
      );
    }
    files.push({ path, bytes });
  }
  if (!files.some((f) => f.path === 'SKILL.md')) return invalid(record, opts, 'it has no SKILL.md');
  for (const f of files) {
    const target = join(skillDir, f.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.bytes);
  }
  return record;
}

async function readResource(opts: RemoteSkillsOptions, uri: string): Promise<Buffer> {
  const raw = await opts.client.request(
    { method: 'resources/read', params: { uri } },
    ReadResult as never,
    { timeout: opts.timeoutMs },
  );
  const first = ReadResult.parse(raw).contents[0];
  if (first?.text !== undefined) return Buffer.from(first.text, 'utf8');
  if (first?.blob !== undefined) return Buffer.from(first.blob, 'base64');
  throw new Error('the server sent no content');
}

function recordOf(opts: RemoteSkillsOptions, entry: SkillEntry, skillDir: string): SkillRecord {
  const source: SkillSource = {
    kind: 'mcp',
    dir: `mcp://${opts.server}`,
    precedence: MCP_PRECEDENCE,
  };
  const fm = entry.frontmatter;
  return {
    name: fm.name,
    version: typeof fm.version === 'string' ? fm.version : '0.0.0',
    // Where it came from, in the text the model and `list` show.
    description: `${fm.description} (from MCP server "${opts.server}")`,
    dir: skillDir,
    location: join(skillDir, 'SKILL.md'),
    source,
    status: 'ready',
    problems: [],
    kind: 'docs',
    config: {},
    tools: [],
  };
}

function invalid(record: SkillRecord, opts: RemoteSkillsOptions, why: string): SkillRecord {
  const problem: Problem = {
    code: 'MCP_SKILL_INVALID',
    severity: 'error',
    file: opts.configFile,
    field: `mcpServers.${opts.server}`,
    message: `Skill "${record.name.slice(0, 80)}" of MCP server "${opts.server}" is not served: ${why}.`,
  };
  return { ...record, status: 'invalid', problems: [problem] };
}
