// Skill folders on disk for tests: docs skills, plain-ESM code skills (no build step) and
// fake executables for PATH checks, all under a temp folder. Not part of the public API.
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const tempDir = (prefix = 'oc-host-') => mkdtemp(join(tmpdir(), prefix));

export interface DocsSkillOptions {
  description?: string;
  /** Extra YAML frontmatter lines (e.g. a metadata block). */
  frontmatter?: string;
  body?: string;
}

/** `<parent>/<folder>/SKILL.md`; returns the folder. */
export async function writeDocsSkill(
  parent: string,
  folder: string,
  opts: DocsSkillOptions = {},
): Promise<string> {
  const dir = join(parent, folder);
  await mkdir(dir, { recursive: true });
  const fm = [
    `name: ${folder}`,
    `description: ${opts.description ?? `The ${folder} skill.`}`,
    opts.frontmatter ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  await writeFile(join(dir, 'SKILL.md'), `---\n${fm}\n---\n\n${opts.body ?? `# ${folder}\n`}`);
  return dir;
}

export interface CodeSkillOptions {
  description?: string;
  version?: string;
  /** Tool parts (`echo` for `<name>.echo`); each gets an open object input schema. */
  tools?: string[];
  /** The module source (plain ESM). Default: every tool echoes `{ tool, input, config }`. */
  code?: string;
  /** Merged into manifest.json. */
  manifest?: Record<string, unknown>;
}

/** A code skill: package.json, manifest.json, SKILL.md and index.js (plain ESM). */
export async function writeCodeSkill(
  parent: string,
  name: string,
  opts: CodeSkillOptions = {},
): Promise<string> {
  const dir = join(parent, name);
  await mkdir(dir, { recursive: true });
  const version = opts.version ?? '1.0.0';
  const description = opts.description ?? `The ${name} skill.`;
  const tools = opts.tools ?? ['echo'];
  const manifest = {
    manifestVersion: 1,
    name,
    version,
    description,
    host: '^1',
    entry: 'index.js',
    tools: tools.map((t) => ({
      name: `${name}.${t}`,
      description: `The ${t} tool.`,
      inputSchema: { type: 'object', properties: {} },
    })),
    ...opts.manifest,
  };
  const handlers = tools.map(
    (t) =>
      `    '${name}.${t}': async (input) => ({ tool: '${name}.${t}', input, config: ctx.config }),`,
  );
  const code =
    opts.code ??
    `export default {\n  createTools(ctx) {\n    return {\n${handlers.join('\n')}\n    };\n  },\n};\n`;
  await Promise.all([
    writeFile(
      join(dir, 'package.json'),
      JSON.stringify(
        { name, version, type: 'module', keywords: ['openclaw-skill'], exports: './index.js' },
        null,
        2,
      ),
    ),
    writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2)),
    writeFile(
      join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`,
    ),
    writeFile(join(dir, 'index.js'), code),
  ]);
  return dir;
}

/** Executable shell scripts named `names` in `dir` (a PATH folder for tests). */
export async function writeFakeBins(dir: string, names: readonly string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(
    names.map(async (n) => {
      const file = join(dir, n);
      await writeFile(file, '#!/bin/sh\nexit 0\n');
      await chmod(file, 0o755);
    }),
  );
}
