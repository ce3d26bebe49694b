// Strict mode (validate --strict, before publishing): the Agent Skills rules as the
// reference validator (skills-ref) applies them, plus ours: no `<` or `>` in name or
// description, since both are pasted into an XML-like prompt block. Keys and shapes that a
// known agent reads (agent-keys.ts) are warnings naming the agent; `spec` (validate --spec)
// keeps the specification's exact verdict, where each of them is an error.
import type { Problem, ProblemCode } from '../errors.js';
import { agentList, agentsReading, isOpenClawMetadataKey } from './agent-keys.js';
import type { SkillDoc } from './types.js';

export const MAX_NAME_CHARS = 64;
export const MAX_DESCRIPTION_CHARS = 1024;
export const MAX_COMPATIBILITY_CHARS = 500;
export const ALLOWED_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;

const allowed = new Set<string>(ALLOWED_KEYS);
/** Unicode letters and digits (Python's isalnum, as skills-ref uses) and hyphens. */
const NAME_CHARS = /^[\p{L}\p{N}-]+$/u;

const chars = (s: string) => [...s].length;

export interface StrictOptions {
  /** The specification's exact verdict: agents' own keys are errors too (validate --spec). */
  spec?: boolean;
}

export function strictProblems(doc: SkillDoc, opts: StrictOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const fm = doc.frontmatter;
  const spec = opts.spec === true;
  const add: Add = (code, key, message, severity = 'error') => {
    const line = doc.keyLines[key];
    problems.push({
      code,
      severity,
      message: `SKILL.md: ${message}`,
      file: doc.file,
      ...(line !== undefined && { line }),
      field: key,
    });
  };

  for (const key of Object.keys(fm)) {
    if (allowed.has(key)) continue;
    const agents = spec ? undefined : agentsReading(key);
    if (agents) {
      add(
        'SKILL_MD_AGENT_KEY',
        key,
        `"${key}" is read by ${agentList(agents)}, not part of Agent Skills; other clients ignore it or may refuse it (validate --spec to check the specification alone)`,
        'warning',
      );
      continue;
    }
    add(
      'SKILL_MD_UNKNOWN_KEY',
      key,
      `unknown frontmatter key "${key}"; Agent Skills allows only ${ALLOWED_KEYS.join(', ')} (move it under metadata as a string)`,
    );
  }

  checkName(doc, add);
  checkDescription(doc, add);

  if (fm.license !== undefined && (typeof fm.license !== 'string' || fm.license.trim() === '')) {
    add(
      'SKILL_MD_LICENSE_INVALID',
      'license',
      '"license" must be a non-empty string, e.g. "MIT" or "Complete terms in LICENSE.txt"',
    );
  }
  if (fm.compatibility !== undefined) {
    const c = fm.compatibility;
    if (typeof c !== 'string' || c.trim() === '') {
      add(
        'SKILL_MD_COMPATIBILITY_INVALID',
        'compatibility',
        '"compatibility" must be a non-empty string',
      );
    } else if (chars(c) > MAX_COMPATIBILITY_CHARS) {
      add(
        'SKILL_MD_COMPATIBILITY_INVALID',
        'compatibility',
        `"compatibility" is ${chars(c)} characters; the limit is ${MAX_COMPATIBILITY_CHARS}`,
      );
    }
  }
  if (fm.metadata !== undefined) checkMetadata(fm.metadata, add, { spec, doc });
  checkAllowedTools(fm['allowed-tools'], add, spec);
  return problems;
}

type Add = (
  code: ProblemCode,
  key: string,
  message: string,
  severity?: Problem['severity'],
) => void;

function checkAllowedTools(tools: unknown, add: Add, spec: boolean): void {
  if (tools === undefined || typeof tools === 'string') return;
  const list = Array.isArray(tools) && tools.every((t) => typeof t === 'string');
  if (list && !spec) {
    add(
      'SKILL_MD_AGENT_KEY',
      'allowed-tools',
      '"allowed-tools" is a list, which Claude Code and OpenClaw read; Agent Skills needs a space-separated string, e.g. "Bash(git:*) Read"',
      'warning',
    );
    return;
  }
  add(
    'SKILL_MD_ALLOWED_TOOLS_INVALID',
    'allowed-tools',
    '"allowed-tools" must be a space-separated string, e.g. "Bash(git:*) Read"',
  );
}

function checkName(doc: SkillDoc, add: Add): void {
  const raw = doc.frontmatter.name;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    add(
      'SKILL_MD_NAME_MISSING',
      'name',
      `"name" is required; add name: ${doc.dir.split(/[\\/]/).at(-1) ?? 'my-skill'} (the folder's name)`,
    );
    return;
  }
  if (strictRefusesType('name', raw)) {
    add('SKILL_MD_NAME_INVALID', 'name', `"name" must be a string, not ${describeValue(raw)}`);
    return;
  }
  // doc.name is the text as written (YAML's `010` stays "010").
  const name = doc.name.normalize('NFC');
  const reasons: string[] = [];
  if (chars(name) > MAX_NAME_CHARS)
    reasons.push(`is ${chars(name)} characters (the limit is ${MAX_NAME_CHARS})`);
  if (name !== name.toLowerCase()) reasons.push('must be lowercase');
  if (!NAME_CHARS.test(name)) reasons.push('may hold only letters, digits and hyphens');
  if (name.startsWith('-') || name.endsWith('-')) reasons.push('cannot start or end with a hyphen');
  if (name.includes('--')) reasons.push('cannot hold two hyphens in a row');
  if (/[<>]/.test(name)) reasons.push('cannot hold "<" or ">"');
  if (reasons.length)
    add(
      'SKILL_MD_NAME_INVALID',
      'name',
      `name "${doc.name}" ${reasons.join(', ')}; use e.g. "${suggestName(name)}"`,
    );
  const folder = (doc.dir.split(/[\\/]/).at(-1) ?? '').normalize('NFC');
  if (folder !== name) {
    add(
      'SKILL_MD_NAME_FOLDER_MISMATCH',
      'name',
      `name "${doc.name}" must equal the folder's name "${folder}"; rename one of them`,
    );
  }
}

function checkDescription(doc: SkillDoc, add: Add): void {
  const raw = doc.frontmatter.description;
  const text = typeof raw === 'string' ? raw : doc.description;
  // A missing description is the lenient reader's error (SKILL_MD_DESCRIPTION_MISSING), which
  // strict mode keeps: strict adds rules, it does not restate them.
  if (text.trim() === '') return;
  if (strictRefusesType('description', raw)) {
    add(
      'SKILL_MD_DESCRIPTION_INVALID',
      'description',
      `"description" must be a string, not ${describeValue(raw)}; put it in quotes`,
    );
  }
  if (chars(text) > MAX_DESCRIPTION_CHARS) {
    add(
      'SKILL_MD_DESCRIPTION_TOO_LONG',
      'description',
      `"description" is ${chars(text)} characters; the limit is ${MAX_DESCRIPTION_CHARS}: move detail into the body`,
    );
  }
  if (/[<>]/.test(text)) {
    add(
      'SKILL_MD_DESCRIPTION_INVALID',
      'description',
      '"description" cannot hold "<" or ">" (it is placed in an XML prompt block); reword it',
    );
  }
}

function checkMetadata(metadata: unknown, add: Add, ctx: { spec: boolean; doc: SkillDoc }): void {
  // OpenClaw writes its block as JSON in a string (`metadata: '{"openclaw": ...}'`).
  if (typeof metadata === 'string' && ctx.doc.openclaw && !ctx.spec) {
    add('SKILL_MD_AGENT_KEY', 'metadata', OPENCLAW_METADATA_NOTE, 'warning');
    return;
  }
  if (
    typeof metadata !== 'object' ||
    metadata === null ||
    Array.isArray(metadata) ||
    metadata instanceof Date
  ) {
    const what =
      typeof metadata === 'string'
        ? 'a string (JSON in a string is an OpenClaw extension)'
        : describeValue(metadata);
    add(
      'SKILL_MD_METADATA_INVALID',
      'metadata',
      `"metadata" must be a map of string keys to string values, not ${what}`,
    );
    return;
  }
  const entries = Object.entries(metadata).filter(([, v]) => typeof v !== 'string');
  const openclaw = ctx.spec
    ? []
    : entries.filter(([k, v]) => isOpenClawMetadataKey(k) && typeof v === 'object' && v !== null);
  if (openclaw.length) add('SKILL_MD_AGENT_KEY', 'metadata', OPENCLAW_METADATA_NOTE, 'warning');
  const bad = entries.filter((e) => !openclaw.includes(e));
  if (bad.length) {
    const list = bad.map(([k, v]) => `"${k}" is ${describeValue(v)}`).join(', ');
    const nested = bad.some(([, v]) => typeof v === 'object' && v !== null && !(v instanceof Date));
    const fix = nested
      ? 'other clients accept only strings (write nested data as JSON text or move it to a file)'
      : 'put the values in quotes';
    add(
      'SKILL_MD_METADATA_INVALID',
      'metadata',
      `"metadata" values must be strings: ${list}; ${fix}`,
    );
  }
}

const OPENCLAW_METADATA_NOTE =
  '"metadata.openclaw" is a map, which OpenClaw reads; Agent Skills allows only string values in metadata, so other clients may refuse it (validate --spec to check the specification alone)';

/** What YAML read a value as, with its article ("a list", "a map", "an object"). */
export function describeValue(v: unknown): string {
  if (v === null) return 'empty';
  if (v instanceof Date) return 'a date';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  const type = typeof v;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/**
 * Whether strict mode refuses the type of `name` or `description` (an error). Where it does,
 * the lenient reader's SKILL_MD_NOT_A_STRING warning about the same value is left out.
 * A number or boolean name is read as written (`010` stays "010"), as skills-ref reads it; a
 * map or list description reads as no description (SKILL_MD_DESCRIPTION_MISSING).
 */
export function strictRefusesType(key: 'name' | 'description', v: unknown): boolean {
  if (v === undefined || v === null || typeof v === 'string') return false;
  return key === 'name' ? typeof v === 'object' : typeof v !== 'object';
}

function suggestName(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_CHARS)
    .replace(/-+$/, '');
  return s || 'my-skill';
}
