import { basename, dirname } from 'node:path';
import type { Problem, ProblemCode } from '../errors.js';
import { firstParagraph } from './first-paragraph.js';
import { normalizeText, readFrontmatter, type FrontmatterResult } from './frontmatter.js';
import { loadJson5 } from '../lazy-deps.js';
import { describeRead, readTextCappedSync, type ReadText } from '../read-file.js';
import { OPENCLAW_METADATA_KEYS } from './agent-keys.js';
import { describeValue, strictProblems, strictRefusesType } from './strict.js';
import type {
  OpenClawMetadata,
  ParseSkillMdOptions,
  SkillDoc,
  SkillMdMode,
  SkillMdResult,
} from './types.js';

/** SKILL.md files are instructions for a model; anything larger is a mistake or an attack. */
export const MAX_SKILL_MD_BYTES = 256 * 1024;

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

/** Collects a file's problems; each problem is one object (no long positional lists). */
interface Sink {
  problems: Problem[];
  add(p: Omit<Problem, 'file'>): void;
}

function sinkFor(file: string): Sink {
  const problems: Problem[] = [];
  return { problems, add: (p) => problems.push({ ...p, file }) };
}

const isStrict = (mode: SkillMdMode | undefined) => mode === 'strict' || mode === 'spec';

export function parseSkillMd(input: string, opts: ParseSkillMdOptions): SkillMdResult {
  const sink = sinkFor(opts.file);
  if (Buffer.byteLength(input, 'utf8') > MAX_SKILL_MD_BYTES) {
    sink.add({
      severity: 'error',
      code: 'SKILL_MD_TOO_LARGE',
      message: `SKILL.md is over the ${MAX_SKILL_MD_BYTES}-byte limit; move detail into references/ files.`,
    });
    return { problems: sink.problems };
  }
  const text = normalizeText(input);
  if (text.trim() === '') {
    sink.add({
      severity: 'error',
      code: 'SKILL_MD_EMPTY',
      message: 'SKILL.md is empty: it needs YAML frontmatter with name and description.',
      line: 1,
    });
    return { problems: sink.problems };
  }
  const split = readFrontmatter(text);
  if (split.kind === 'none') {
    // Claude Code loads such a file (name from the folder, description from the body);
    // publishing still needs the frontmatter every Agent Skills client reads.
    if (isStrict(opts.mode)) {
      sink.add({
        severity: 'error',
        code: 'SKILL_MD_NO_FRONTMATTER',
        message:
          'SKILL.md has no YAML frontmatter: start the file with a --- block holding name and description.',
        line: 1,
      });
      return { problems: sink.problems };
    }
    return docWithoutFrontmatter(text, opts.file, sink);
  }
  if (split.kind !== 'ok') {
    sink.add({ severity: 'error', line: 1, ...splitProblem(split) });
    return { problems: sink.problems };
  }
  if (split.yaml.kind === 'error') {
    const { code, message, line } = split.yaml.problem;
    sink.add({ severity: 'error', code, message, ...(line !== undefined && { line }) });
    return { problems: sink.problems };
  }
  return docFromFrontmatter({ split: split as DocInput['split'], opts, sink });
}

type Unusable = Exclude<FrontmatterResult, { kind: 'ok' } | { kind: 'none' }>;

function splitProblem(split: Unusable): Pick<Problem, 'code' | 'message' | 'line'> {
  if (split.kind === 'refused')
    return { code: 'SKILL_MD_YAML', message: split.message, line: split.line };
  return {
    code: 'SKILL_MD_UNTERMINATED',
    message: 'The frontmatter opened with --- on line 1 is never closed: add a --- line after it.',
  };
}

type OkSplit = Extract<FrontmatterResult, { kind: 'ok' }>;
type OkYaml = Extract<OkSplit['yaml'], { kind: 'ok' }>;

interface DocInput {
  split: Omit<OkSplit, 'yaml'> & { yaml: OkYaml };
  opts: ParseSkillMdOptions;
  sink: Sink;
}

function docFromFrontmatter({ split, opts, sink }: DocInput): SkillMdResult {
  const { yaml, body, bodyLine } = split;
  const { file } = opts;
  const strict = isStrict(opts.mode);
  for (const line of yaml.repaired) {
    // Strict: other Agent Skills clients' YAML parsers reject the file, so it cannot be published.
    sink.add({
      severity: strict ? 'error' : 'warning',
      code: 'SKILL_MD_UNQUOTED_COLON',
      message:
        'This value holds ": " without quotes, which YAML does not allow; it was read as text. Put it in quotes.',
      line,
    });
  }
  let data = yaml.data;
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    sink.add({
      severity: 'error',
      code: 'SKILL_MD_NOT_A_MAP',
      message: 'The frontmatter must be a YAML map of keys (name: ..., description: ...).',
      line: 2,
    });
    return { problems: sink.problems };
  }
  // The engine builds a fresh object per call: callers may mutate it.
  const frontmatter = data as Record<string, unknown>;
  const lines = yaml.keyLines;
  const sources = yaml.sources ?? {};
  const dir = dirname(file);
  const folder = basename(dir);
  const name = readString(frontmatter, 'name', sources);
  const description = readString(frontmatter, 'description', sources);
  checkNameAndDescription({ frontmatter, lines, strict, sink, named: !!name, folder });
  if (!description) {
    sink.add({
      severity: 'error',
      code: 'SKILL_MD_DESCRIPTION_MISSING',
      message:
        'The frontmatter has no "description": the model uses it to decide when to read this skill.',
      line: lines.description ?? 2,
      field: 'description',
    });
  }
  const { metadata, openclaw } = readMetadata(frontmatter.metadata, (message) =>
    sink.add({
      severity: 'warning',
      code: 'SKILL_MD_METADATA_INVALID',
      message,
      ...(lines.metadata !== undefined && { line: lines.metadata }),
      field: 'metadata',
    }),
  );
  const doc: SkillDoc = {
    file,
    dir,
    name: name || folder,
    description: description ?? '',
    frontmatter,
    keyLines: lines,
    body,
    bodyLine,
  };
  // Set in place rather than spread in: a cold scan builds a thousand of these.
  if (metadata) doc.metadata = metadata;
  if (openclaw) doc.openclaw = openclaw;
  addOptionalFields(doc, sources);
  if (strict) sink.problems.push(...strictProblems(doc, { spec: opts.mode === 'spec' }));
  return description ? { doc, problems: sink.problems } : { problems: sink.problems };
}

interface NameCheck {
  frontmatter: Record<string, unknown>;
  lines: Record<string, number>;
  strict: boolean;
  sink: Sink;
  /** A usable name was read. */
  named: boolean;
  folder: string;
}

function checkNameAndDescription(c: NameCheck): void {
  for (const key of ['name', 'description'] as const) {
    const v = c.frontmatter[key];
    if (v === undefined || v === null || typeof v === 'string') continue;
    // In strict mode a value strict refuses is its error alone, not also this warning.
    if (!c.strict || !strictRefusesType(key, v)) {
      c.sink.add({
        severity: 'warning',
        code: 'SKILL_MD_NOT_A_STRING',
        message: `"${key}" should be a string; YAML read it as ${describeValue(v)}. Put it in quotes.`,
        ...(c.lines[key] !== undefined && { line: c.lines[key] }),
        field: key,
      });
    }
  }
  if (!c.named && !c.strict) {
    c.sink.add({
      severity: 'warning',
      code: 'SKILL_MD_NAME_MISSING',
      message: `The frontmatter has no "name"; using the folder name "${c.folder}".`,
      line: 2,
      field: 'name',
    });
  }
}

function addOptionalFields(doc: SkillDoc, sources: Record<string, string>): void {
  const fm = doc.frontmatter;
  const license = readString(fm, 'license', sources);
  if (license) doc.license = license;
  const compatibility = readString(fm, 'compatibility', sources);
  if (compatibility) doc.compatibility = compatibility;
  const allowed = fm['allowed-tools'];
  if (typeof allowed === 'string') doc.allowedTools = allowed.split(/[\s,]+/).filter(Boolean);
  else if (Array.isArray(allowed)) doc.allowedTools = allowed.map(String);
}

/**
 * A SKILL.md with no frontmatter, read as Claude Code reads it: the name is the folder's,
 * the description the body's first paragraph. A warning names the file, so the author adds
 * the frontmatter that other clients (and publishing) need.
 */
function docWithoutFrontmatter(text: string, file: string, sink: Sink): SkillMdResult {
  const folder = basename(dirname(file));
  const description = firstParagraph(text);
  if (!description) {
    sink.add({
      severity: 'error',
      code: 'SKILL_MD_NO_FRONTMATTER',
      message: `${file} has no YAML frontmatter and no paragraph to describe it: start the file with a --- block holding name and description.`,
      line: 1,
    });
    return { problems: sink.problems };
  }
  sink.add({
    severity: 'warning',
    code: 'SKILL_MD_NO_FRONTMATTER',
    message: `${file} has no YAML frontmatter; loaded as Claude Code loads it (name "${folder}" from the folder, description from the first paragraph). Add a --- block with name and description: publishing needs it.`,
    line: 1,
  });
  const doc: SkillDoc = {
    file,
    dir: dirname(file),
    name: folder,
    description,
    frontmatter: {},
    keyLines: {},
    body: text,
    bodyLine: 1,
  };
  return { doc, problems: sink.problems };
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
  const key = OPENCLAW_METADATA_KEYS.find((k) => typeof map[k] === 'object' && map[k] !== null);
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
