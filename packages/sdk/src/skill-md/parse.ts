import { basename, dirname } from 'node:path';
import type { Problem, ProblemCode } from '../errors.js';
import { normalizeText, readFrontmatter } from './frontmatter.js';
import { loadJson5 } from '../lazy-deps.js';
import { describeRead, readTextCappedSync, type ReadText } from '../read-file.js';
import { describeValue, strictProblems, strictRefusesType } from './strict.js';
import type { OpenClawMetadata, ParseSkillMdOptions, SkillDoc, SkillMdResult } from './types.js';

/** SKILL.md files are instructions for a model; anything larger is a mistake or an attack. */
export const MAX_SKILL_MD_BYTES = 256 * 1024;

/** Metadata keys older OpenClaw releases used for the same block. */
const OPENCLAW_KEYS = ['openclaw', 'clawdbot', 'clawdis'] as const;

export async function readSkillMd(
  file: string,
  opts: Omit<ParseSkillMdOptions, 'file'> = {},
): Promise<SkillMdResult> {
  const read = readTextCappedSync(file, MAX_SKILL_MD_BYTES, { within: dirname(file) });
  return skillMdFromRead(read, file, opts);
}

/** The result for a SKILL.md already read (or known missing), e.g. by readSkillFolder. */
export function skillMdFromRead(
  read: ReadText,
  file: string,
  opts: Omit<ParseSkillMdOptions, 'file'> = {},
): SkillMdResult {
  const problem = (code: ProblemCode, message: string): SkillMdResult => ({
    problems: [{ code, severity: 'error', message, file }],
  });
  switch (read.kind) {
    case 'missing':
      return problem(
        'SKILL_MD_MISSING',
        `${file} does not exist: every skill needs a SKILL.md with name and description.`,
      );
    case 'too-large':
      return problem(
        'SKILL_MD_TOO_LARGE',
        `SKILL.md is over the ${MAX_SKILL_MD_BYTES}-byte limit; move detail into references/ files.`,
      );
    case 'outside':
      return problem(
        'PATH_OUTSIDE_SKILL',
        `${describeRead(read, file, MAX_SKILL_MD_BYTES)}: a skill's files must be inside its folder.`,
      );
    case 'not-a-file':
    case 'error':
      return problem('SKILL_MD_UNREADABLE', `${describeRead(read, file, MAX_SKILL_MD_BYTES)}.`);
    default:
      return parseSkillMd(read.text, { ...opts, file });
  }
}

export function parseSkillMd(input: string, opts: ParseSkillMdOptions): SkillMdResult {
  const { file } = opts;
  const problems: Problem[] = [];
  const add = (
    severity: Problem['severity'],
    code: ProblemCode,
    message: string,
    line?: number,
    field?: string,
  ) =>
    problems.push({
      code,
      severity,
      message,
      file,
      ...(line !== undefined && { line }),
      ...(field && { field }),
    });

  if (Buffer.byteLength(input, 'utf8') > MAX_SKILL_MD_BYTES) {
    add(
      'error',
      'SKILL_MD_TOO_LARGE',
      `SKILL.md is over the ${MAX_SKILL_MD_BYTES}-byte limit; move detail into references/ files.`,
    );
    return { problems };
  }
  const text = normalizeText(input);
  if (text.trim() === '') {
    add(
      'error',
      'SKILL_MD_EMPTY',
      'SKILL.md is empty: it needs YAML frontmatter with name and description.',
      1,
    );
    return { problems };
  }
  const split = readFrontmatter(text);
  switch (split.kind) {
    case 'none':
      add(
        'error',
        'SKILL_MD_NO_FRONTMATTER',
        'SKILL.md has no YAML frontmatter: start the file with a --- block holding name and description.',
        1,
      );
      return { problems };
    case 'unterminated':
      add(
        'error',
        'SKILL_MD_UNTERMINATED',
        'The frontmatter opened with --- on line 1 is never closed: add a --- line after it.',
        1,
      );
      return { problems };
    case 'refused':
      add('error', 'SKILL_MD_YAML', split.message, split.line);
      return { problems };
  }
  const { yaml, body, bodyLine } = split;
  if (yaml.kind === 'error') {
    add('error', yaml.problem.code, yaml.problem.message, yaml.problem.line);
    return { problems };
  }
  for (const line of yaml.repaired) {
    // Strict: other Agent Skills clients' YAML parsers reject the file, so it cannot be published.
    add(
      opts.mode === 'strict' ? 'error' : 'warning',
      'SKILL_MD_UNQUOTED_COLON',
      'This value holds ": " without quotes, which YAML does not allow; it was read as text. Put it in quotes.',
      line,
    );
  }
  let data = yaml.data;
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    add(
      'error',
      'SKILL_MD_NOT_A_MAP',
      'The frontmatter must be a YAML map of keys (name: ..., description: ...).',
      2,
    );
    return { problems };
  }
  // The engine builds a fresh object per call (gray-matter's cache is off): callers may mutate it.
  const frontmatter = data as Record<string, unknown>;
  const lines = yaml.keyLines;
  const sources = yaml.sources ?? {};
  const folder = basename(dirname(file));

  const name = readString(frontmatter, 'name', sources);
  const description = readString(frontmatter, 'description', sources);
  for (const key of ['name', 'description'] as const) {
    const v = frontmatter[key];
    if (v === undefined || v === null || typeof v === 'string') continue;
    // In strict mode a value strict refuses is its error alone, not also this warning.
    if (opts.mode !== 'strict' || !strictRefusesType(key, v)) {
      add(
        'warning',
        'SKILL_MD_NOT_A_STRING',
        `"${key}" should be a string; YAML read it as ${describeValue(v)}. Put it in quotes.`,
        lines[key],
        key,
      );
    }
  }
  if (!description) {
    add(
      'error',
      'SKILL_MD_DESCRIPTION_MISSING',
      'The frontmatter has no "description": the model uses it to decide when to read this skill.',
      lines.description ?? 2,
      'description',
    );
  }
  if (!name && opts.mode !== 'strict') {
    add(
      'warning',
      'SKILL_MD_NAME_MISSING',
      `The frontmatter has no "name"; using the folder name "${folder}".`,
      2,
      'name',
    );
  }

  const { metadata, openclaw } = readMetadata(frontmatter.metadata, (msg) =>
    add('warning', 'SKILL_MD_METADATA_INVALID', msg, lines.metadata, 'metadata'),
  );
  const doc: SkillDoc = {
    file,
    dir: dirname(file),
    name: name || folder,
    description: description ?? '',
    frontmatter,
    keyLines: lines,
    body,
    bodyLine,
    ...(metadata && { metadata }),
    ...(openclaw && { openclaw }),
  };
  const license = readString(frontmatter, 'license', sources);
  if (license) doc.license = license;
  const compatibility = readString(frontmatter, 'compatibility', sources);
  if (compatibility) doc.compatibility = compatibility;
  const allowed = frontmatter['allowed-tools'];
  if (typeof allowed === 'string') doc.allowedTools = allowed.split(/[\s,]+/).filter(Boolean);
  else if (Array.isArray(allowed)) doc.allowedTools = allowed.map(String);

  if (opts.mode === 'strict') problems.push(...strictProblems(doc));
  return description ? { doc, problems } : { problems };
}

/** Reads a scalar as the spec's string type: `010` stays "010", `1.50` stays "1.50". */
function readString(
  data: Record<string, unknown>,
  key: string,
  sources: Record<string, string>,
): string | undefined {
  const v = data[key];
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' || typeof v === 'boolean') {
    return Object.hasOwn(sources, key) ? sources[key] : String(v);
  }
  return undefined;
}

function readMetadata(
  raw: unknown,
  warn: (msg: string) => void,
): { metadata?: Record<string, unknown>; openclaw?: OpenClawMetadata } {
  if (raw === undefined || raw === null) return {};
  let metadata: unknown = raw;
  if (typeof raw === 'string') {
    try {
      metadata = loadJson5().parse(raw);
    } catch (e) {
      warn(`"metadata" is a string but not JSON5: ${(e as Error).message}`);
      return {};
    }
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    warn('"metadata" should be a map (or a JSON5 object string).');
    return {};
  }
  const map = metadata as Record<string, unknown>;
  const key = OPENCLAW_KEYS.find((k) => typeof map[k] === 'object' && map[k] !== null);
  if (!key) return { metadata: map };
  return { metadata: map, openclaw: normalizeOpenClaw(map[key] as Record<string, unknown>, warn) };
}

const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? [v]
      : undefined;

function normalizeOpenClaw(
  block: Record<string, unknown>,
  warn: (msg: string) => void,
): OpenClawMetadata {
  const out: OpenClawMetadata = { ...block };
  const os = stringList(block.os);
  if (os) out.os = os;
  else delete out.os;
  const req = block.requires;
  if (req !== undefined) {
    if (typeof req !== 'object' || req === null || Array.isArray(req)) {
      warn('"metadata.openclaw.requires" should be a map with bins, anyBins, env or config.');
      delete out.requires;
    } else {
      const r = req as Record<string, unknown>;
      const requires: NonNullable<OpenClawMetadata['requires']> = {};
      for (const k of ['bins', 'anyBins', 'env', 'config'] as const) {
        const list = stringList(r[k]);
        if (list) requires[k] = list;
      }
      out.requires = requires;
    }
  }
  if (block.install !== undefined && !Array.isArray(block.install)) {
    warn('"metadata.openclaw.install" should be a list of install steps.');
    delete out.install;
  }
  return out;
}
