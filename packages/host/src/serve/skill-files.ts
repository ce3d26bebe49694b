// The files of a skill as serve offers them over MCP's Skills extension: every regular file
// of the skill's folder (dot entries, node_modules and symlinks left out), each with the
// SHA-256 digest and size of the bytes resources/read serves for it. Computed once per
// snapshot and skill; a rescan (the watcher's, or after an install) makes a new snapshot.
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parseSkillMd } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';

/** What every conforming host accepts (the extension's per-skill limits). */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

export interface SkillFile {
  /** Path inside the skill's folder, `/`-separated. */
  path: string;
  uri: string;
  digest: string;
  size: number;
  mimeType: string;
}

export interface SkillEntry {
  uri: string;
  frontmatter: { name: string; description: string; [key: string]: unknown };
  resources: { uri: string; digest: string; size: number }[];
}

export interface ServedSkill {
  skill: SkillRecord;
  entry: SkillEntry;
  files: SkillFile[];
}

export const skillFileUri = (name: string, path: string): string =>
  `skill://${name}/${path.split('/').map(encodeURIComponent).join('/')}`;

const MIME: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.ts': 'text/typescript',
  '.py': 'text/x-python',
  '.sh': 'text/x-shellscript',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.html': 'text/html',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text when the bytes are UTF-8 without NUL; otherwise the file goes as a blob. */
export function asText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export function mimeTypeOf(path: string, bytes: Buffer): string {
  return (
    MIME[extname(path).toLowerCase()] ??
    (asText(bytes) === undefined ? 'application/octet-stream' : 'text/plain')
  );
}

/** Regular files under `dir`, sorted; undefined when over the limits. */
async function walk(dir: string): Promise<string[] | undefined> {
  const out: string[] = [];
  const visit = async (rel: string): Promise<boolean> => {
    const entries = await readdir(join(dir, rel), { withFileTypes: true });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!(await visit(path))) return false;
      } else if (e.isFile()) {
        out.push(path);
        if (out.length > MAX_SKILL_FILES) return false;
      }
    }
    return true;
  };
  return (await visit('')) ? out : undefined;
}

async function describeSkill(skill: SkillRecord): Promise<ServedSkill | undefined> {
  const paths = await walk(skill.dir).catch(() => undefined);
  if (!paths?.includes('SKILL.md')) return undefined;
  const files: SkillFile[] = [];
  let total = 0;
  let frontmatter: Record<string, unknown> = {};
  for (const path of ['SKILL.md', ...paths.filter((p) => p !== 'SKILL.md')]) {
    const full = join(skill.dir, path);
    // A file swapped for a symlink between the walk and the read is left out.
    if (!(await lstat(full)).isFile()) continue;
    const bytes = await readFile(full);
    total += bytes.length;
    if (total > MAX_SKILL_BYTES) return undefined;
    if (path === 'SKILL.md') {
      frontmatter = parseSkillMd(bytes.toString('utf8'), { file: full }).doc?.frontmatter ?? {};
    }
    files.push({
      path,
      uri: skillFileUri(skill.name, path),
      digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
      size: bytes.length,
      mimeType: mimeTypeOf(path, bytes),
    });
  }
  const entry: SkillEntry = {
    uri: skillFileUri(skill.name, 'SKILL.md'),
    // Verbatim; name and description filled in only where a lenient SKILL.md left them out.
    frontmatter: { name: skill.name, description: skill.description, ...frontmatter },
    resources: files.map(({ uri, digest, size }) => ({ uri, digest, size })),
  };
  return { skill, entry, files };
}

/** The served form of a skill (once per snapshot); undefined when it cannot be served. */
export function servedSkill(
  snapshot: CatalogSnapshot,
  skill: SkillRecord,
): Promise<ServedSkill | undefined> {
  const cache = snapshot.memo(
    'serve:skill-files',
    () => new Map<string, Promise<ServedSkill | undefined>>(),
  );
  let found = cache.get(skill.name);
  if (!found) {
    found = describeSkill(skill).catch(() => undefined);
    cache.set(skill.name, found);
  }
  return found;
}
