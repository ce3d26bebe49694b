// Reads one skill folder (package.json, manifest.json, SKILL.md) into plain data with every
// problem found. This is the host scan's hot path: async fs only, the three files read
// concurrently, the manifest validator generated ahead of time (no compile), and line numbers
// computed only when a problem needs one.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Problem } from '../errors.js';
import type { Manifest } from '../manifest/schema.js';
import { readSkillMd } from '../skill-md/parse.js';
import { readTextCapped, type ReadText } from '../skill-md/read-text.js';
import type { SkillDoc, SkillMdMode } from '../skill-md/types.js';
import { jsonLines, parseJsonText, type JsonPath } from './json-source.js';

export interface PackageJsonInfo {
  name?: string;
  version?: string;
  keywords?: string[];
  type?: string;
  exports?: unknown;
  main?: string;
  raw: Record<string, unknown>;
}

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
  /** `strict` adds the Agent Skills rules for SKILL.md (validate --strict). */
  mode?: SkillMdMode;
}

/** package.json and manifest.json are small; anything this big is not one. */
export const MAX_JSON_BYTES = 1024 * 1024;

// The manifest validator (about 50 KB of generated code) loads on the first folder with a
// manifest.json: docs-only scans never pay for it.
let manifestModule: Promise<typeof import('./manifest-file.js')> | undefined;
const loadManifestFile = () => (manifestModule ??= import('./manifest-file.js'));

export async function readSkillFolder(
  dir: string,
  opts: ReadSkillFolderOptions = {},
): Promise<SkillFolder> {
  const abs = resolve(dir);
  const pkgFile = join(abs, 'package.json');
  const manifestFile = join(abs, 'manifest.json');
  const [pkgRead, manifestRead, md] = await Promise.all([
    readTextCapped(pkgFile, MAX_JSON_BYTES),
    readTextCapped(manifestFile, MAX_JSON_BYTES),
    readSkillMd(join(abs, 'SKILL.md'), { mode: opts.mode ?? 'lenient' }),
  ]);
  const problems: Problem[] = [];
  const folder: SkillFolder = {
    dir: abs,
    kind: manifestRead.kind === 'missing' ? 'docs' : 'code',
    problems,
  };

  if (
    pkgRead.kind === 'missing' &&
    manifestRead.kind === 'missing' &&
    md.problems[0]?.code === 'SKILL_MD_MISSING'
  ) {
    if (!(await isDirectory(abs))) {
      problems.push({
        code: 'SKILL_DIR_MISSING',
        severity: 'error',
        message: `${abs} is not a folder; pass a skill folder (one holding SKILL.md).`,
        file: abs,
      });
      return folder;
    }
  }

  let pkgLine: (path: JsonPath) => number | undefined = () => undefined;
  const pkgJson = readJson(pkgRead, pkgFile, 'package.json', 'PACKAGE_JSON_INVALID', problems);
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
    if (checked.entry !== undefined) folder.entry = checked.entry;
    if (checked.manifest) folder.manifest = checked.manifest;
  } else {
    readJson(manifestRead, manifestFile, 'manifest.json', 'MANIFEST_JSON_SYNTAX', problems);
  }
  return folder;
}

function readJson(
  read: ReadText,
  file: string,
  label: string,
  code: string,
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
    case 'error':
      add(`cannot be read (${read.message}).`);
      return undefined;
    case 'too-large':
      add(`is over the ${MAX_JSON_BYTES}-byte limit; this is not a ${label} a skill needs.`);
      return undefined;
  }
  const parsed = parseJsonText(read.text);
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

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
