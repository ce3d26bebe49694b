// Reads one skill folder (package.json, manifest.json, SKILL.md) into plain data with every
// problem found. This is the host scan's hot path: the files are read synchronously (see
// read-file.ts for the measurements), the manifest validator is generated ahead of time (no
// compile), and line numbers are computed only when a problem needs one.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Problem, ProblemCode } from '../errors.js';
import type { Manifest } from '../manifest/schema.js';
import { MAX_SKILL_MD_BYTES, skillMdFromRead } from '../skill-md/parse.js';
import { describeRead, isInsidePath, readTextCappedSync, type ReadText } from '../read-file.js';
import type { SkillDoc, SkillMdMode } from '../skill-md/types.js';
import { MAX_JSON_DEPTH, jsonLines, parseJsonText, type JsonPath } from './json-source.js';
import type { PackageJsonInfo } from './package-json.js';
export type { PackageJsonInfo } from './package-json.js';

export interface SkillFolder {
  /** Absolute path of the folder. */
  dir: string;
  /** `code` when the folder has a manifest.json (even an invalid one). */
  kind: 'docs' | 'code';
  /** When package.json exists and parses. */
  packageJson?: PackageJsonInfo;
  /** When manifest.json exists and passes the schema (description defaulted from SKILL.md). */
  manifest?: Manifest;
  /** When SKILL.md loads. */
  doc?: SkillDoc;
  /** Absolute path of the module to import (code skills), always inside `dir`. */
  entry?: string;
  /** Every problem, errors and warnings, each with its file (and line where known). */
  problems: Problem[];
}

export interface ReadSkillFolderOptions {
  /** `strict` adds the Agent Skills rules for SKILL.md (validate --strict); `spec` their exact verdict. */
  mode?: SkillMdMode;
}

/** package.json and manifest.json are small; anything this big is not one. */
export const MAX_JSON_BYTES = 1024 * 1024;

const MISSING: ReadText = { kind: 'missing' };

// The manifest validator (about 50 KB of generated code) loads on the first folder with a
// manifest.json: docs-only scans never pay for it.
let manifestModule: Promise<typeof import('./manifest-file.js')> | undefined;
const loadManifestFile = () => (manifestModule ??= import('./manifest-file.js'));

export async function readSkillFolder(
  dir: string,
  opts: ReadSkillFolderOptions = {},
): Promise<SkillFolder> {
  const abs = absoluteFolder(dir);
  // The folder is normalised, so a child is the folder, a separator and the name: what
  // join() would build, without normalising again (three paths per folder of a scan).
  const base = abs.endsWith(sep) ? abs : abs + sep;
  const pkgFile = `${base}package.json`;
  const manifestFile = `${base}manifest.json`;
  // existsSync answers without throwing; an ENOENT exception per missing file (most folders
  // are docs-only) and a readdir per folder both cost several times more.
  const read = (file: string, max: number): ReadText =>
    existsSync(file) ? readTextCappedSync(file, max, { within: abs }) : MISSING;
  const mdFile = `${base}SKILL.md`;
  const mdRead = readTextCappedSync(mdFile, MAX_SKILL_MD_BYTES, { within: abs });
  if (mdRead.kind === 'missing' && !isDirectory(abs)) {
    return {
      dir: abs,
      kind: 'docs',
      problems: [
        {
          code: 'SKILL_DIR_MISSING',
          severity: 'error',
          message: `${abs} is not a folder; pass a skill folder (one holding SKILL.md).`,
          file: abs,
        },
      ],
    };
  }
  const pkgRead = read(pkgFile, MAX_JSON_BYTES);
  const manifestRead = read(manifestFile, MAX_JSON_BYTES);
  const md = skillMdFromRead(mdRead, mdFile, {
    mode: opts.mode ?? 'lenient',
  });
  const problems: Problem[] = [];
  const folder: SkillFolder = {
    dir: abs,
    kind: manifestRead.kind === 'missing' ? 'docs' : 'code',
    problems,
  };

  let pkgLine: (path: JsonPath) => number | undefined = () => undefined;
  const pkgJson = readJson(
    { read: pkgRead, file: pkgFile, label: 'package.json', code: 'PACKAGE_JSON_INVALID' },
    problems,
  );
  if (pkgJson) {
    pkgLine = jsonLines(pkgJson.text);
    folder.packageJson = packageInfo(pkgJson.value);
  }

  if (md.doc) folder.doc = md.doc;
  for (const p of md.problems) {
    // Code skills still need SKILL.md: it is what the model reads to decide to use the tools.
    if (p.code === 'SKILL_MD_MISSING' && folder.kind === 'code') {
      problems.push({
        ...p,
        message: `manifest.json is here but ${p.file} is missing: code skills still need a SKILL.md with name and description for the model.`,
      });
    } else problems.push(p);
  }

  if (manifestRead.kind === 'ok') {
    const { checkManifestText } = await loadManifestFile();
    const checked = checkManifestText(manifestRead.text, {
      dir: abs,
      file: manifestFile,
      ...(folder.doc && { doc: folder.doc }),
      ...(folder.packageJson && { packageJson: folder.packageJson }),
      packageFile: pkgFile,
      packageLine: pkgLine,
    });
    problems.push(...checked.problems);
    if (checked.entry !== undefined) {
      const outside = entryOutside(abs, checked.entry);
      if (outside === undefined) folder.entry = checked.entry;
      else {
        problems.push({
          code: 'ENTRY_OUTSIDE_PACKAGE',
          severity: 'error',
          message: `The entry module ${checked.entry} resolves through a symlink to ${outside}, outside the skill's folder; build the code inside the folder.`,
          file: manifestFile,
        });
      }
    }
    if (checked.manifest) folder.manifest = checked.manifest;
  } else {
    readJson(
      {
        read: manifestRead,
        file: manifestFile,
        label: 'manifest.json',
        code: 'MANIFEST_JSON_SYNTAX',
      },
      problems,
    );
  }
  return folder;
}

/** One JSON file of the folder, as read, with the label and code its problems carry. */
interface JsonRead {
  read: ReadText;
  file: string;
  label: string;
  code: ProblemCode;
}

function readJson(
  { read, file, label, code }: JsonRead,
  problems: Problem[],
): { text: string; value: Record<string, unknown> } | undefined {
  const add = (message: string, line?: number) =>
    problems.push({
      code,
      severity: 'error',
      message: `${label} ${message}`,
      file,
      ...(line !== undefined && { line }),
    });
  switch (read.kind) {
    case 'missing':
      return undefined;
    case 'outside':
      problems.push({
        code: 'PATH_OUTSIDE_SKILL',
        severity: 'error',
        message: `${describeRead(read, file, MAX_JSON_BYTES)}: a skill's files must be inside its folder.`,
        file,
      });
      return undefined;
    case 'too-large':
      add(`is over the ${MAX_JSON_BYTES}-byte limit; this is not a ${label} a skill needs.`);
      return undefined;
    case 'not-a-file':
    case 'error':
      add(`cannot be read: ${describeRead(read, file, MAX_JSON_BYTES)}.`);
      return undefined;
  }
  const parsed = parseJsonText(read.text);
  if (!parsed.ok && parsed.depth !== undefined) {
    add(`nests ${parsed.depth} levels deep (the limit is ${MAX_JSON_DEPTH}); flatten it.`);
    return undefined;
  }
  if (!parsed.ok) {
    add(
      `is not valid JSON (${parsed.message}${parsed.line !== undefined ? ` on line ${parsed.line}` : ''}); fix the syntax.`,
      parsed.line,
    );
    return undefined;
  }
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add('must hold a JSON object ({ ... }).', 1);
    return undefined;
  }
  return { text: read.text, value: value as Record<string, unknown> };
}

function packageInfo(raw: Record<string, unknown>): PackageJsonInfo {
  const info: PackageJsonInfo = { raw };
  if (typeof raw.name === 'string') info.name = raw.name;
  if (typeof raw.version === 'string') info.version = raw.version;
  if (typeof raw.type === 'string') info.type = raw.type;
  if (typeof raw.main === 'string') info.main = raw.main;
  if (raw.exports !== undefined) info.exports = raw.exports;
  if (Array.isArray(raw.keywords))
    info.keywords = raw.keywords.filter((k): k is string => typeof k === 'string');
  return info;
}

/**
 * Where the entry really is when a symlink (the file, or a folder such as dist/) takes it
 * out of the skill's folder; undefined when it stays inside or does not exist yet (the
 * lexical check already placed it inside). A manifest is data from the network: code
 * outside the package must never be what the host imports.
 */
function entryOutside(dir: string, entry: string): string | undefined {
  let real: string;
  try {
    real = realpathSync.native(entry);
  } catch {
    return undefined;
  }
  // A real path equal to the entry's own has no symlink anywhere along it, so neither has
  // the folder it lies in: one realpath (a readlink per path component) is enough.
  const realDir = real === entry ? dir : realpathSync.native(dir);
  return isInsidePath(realDir, real) ? undefined : real;
}

/** A POSIX path that is absolute, with no `.` or `..` segment, `//` or trailing `/`. */
const NORMAL_ABSOLUTE = /^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/;

/**
 * resolve(dir), without its cost (the working folder, a normalising pass) for the path a
 * scan passes: already absolute and normalised, which it then returns as it is.
 */
function absoluteFolder(dir: string): string {
  return sep === '/' && NORMAL_ABSOLUTE.test(dir) ? dir : resolve(dir);
}

function isDirectory(dir: string): boolean {
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
