// manifest.json from text to problems: JSON syntax, the schema, then the cross-file checks.
// Pure (no fs), so the property tests can throw any text at it. read-folder imports this
// module lazily: it pulls in ajv, which a docs-only scan never needs.
import { capProblems } from '../problems.js';
import type { Problem } from '../errors.js';
import type { Manifest } from '../manifest/schema.js';
import type { SkillDoc } from '../skill-md/types.js';
import { jsonLines, parseJsonText, type JsonPath } from './json-source.js';
import { crossCheckManifest } from './manifest-checks.js';
import { checkManifestSchema } from './manifest-schema.js';
import type { PackageJsonInfo } from './package-json.js';

export interface ManifestFileInput {
  /** The skill's folder (absolute). */
  dir: string;
  /** Absolute path of manifest.json, for problems. */
  file: string;
  doc?: SkillDoc;
  packageJson?: PackageJsonInfo;
  packageFile?: string;
  packageLine?: (path: JsonPath) => number | undefined;
}

export interface ManifestFileResult {
  /** Set when the text is a JSON object that passes the schema (a fresh object: safe to mutate). */
  manifest?: Manifest;
  /** Absolute entry module path, when it stays inside the folder. */
  entry?: string;
  problems: Problem[];
}

export function checkManifestText(text: string, input: ManifestFileInput): ManifestFileResult {
  const { file } = input;
  const parsed = parseJsonText(text);
  if (!parsed.ok && parsed.depth !== undefined) {
    return {
      problems: [
        {
          code: 'MANIFEST_INVALID',
          severity: 'error',
          message: `manifest.json ${parsed.message}; no manifest needs that, flatten it.`,
          file,
          ...(parsed.line !== undefined && { line: parsed.line }),
        },
      ],
    };
  }
  if (!parsed.ok) {
    const at = parsed.line !== undefined ? ` on line ${parsed.line}` : '';
    return {
      problems: [
        {
          code: 'MANIFEST_JSON_SYNTAX',
          severity: 'error',
          message: `manifest.json is not valid JSON (${parsed.message}${at}); fix the syntax.`,
          file,
          ...(parsed.line !== undefined && { line: parsed.line }),
        },
      ],
    };
  }
  const line = jsonLines(text);
  const schema = checkManifestSchema(parsed.value, { file, line });
  const cross = crossCheckManifest({
    dir: input.dir,
    manifest: parsed.value,
    manifestFile: file,
    manifestLine: line,
    ...(input.doc && { doc: input.doc }),
    ...(input.packageJson && { packageJson: input.packageJson }),
    packageFile: input.packageFile ?? file.replace(/manifest\.json$/, 'package.json'),
    packageLine: input.packageLine ?? (() => undefined),
  });
  const result: ManifestFileResult = {
    problems: capProblems([...schema.problems, ...cross.problems], file),
  };
  if (cross.entry !== undefined) result.entry = cross.entry;
  if (schema.valid) {
    const manifest = parsed.value as Manifest;
    if (manifest.description === undefined && input.doc)
      manifest.description = input.doc.description;
    result.manifest = manifest;
  }
  return result;
}
