// The tool-selection corpus: realistic tools of common agent integrations (skills.json:
// mail, calendar, files, git, GitHub, HTTP, web search, databases, chat and more) plus the
// tools of this repository's own skills and templates, and requests.json: user requests,
// each naming the tool that should serve it. writeCorpus turns it into skill folders a real
// host scans; the budget benchmark and the recall test read it.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');

export interface CorpusTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export interface CorpusSkill {
  name: string;
  description: string;
  tools: CorpusTool[];
}

export interface CorpusRequest {
  request: string;
  /** The canonical name of the tool that should serve it. */
  expect: string;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** This repository's skills and templates, as the corpus lists them (templates get a name). */
function repoSkills(): CorpusSkill[] {
  const from = (file: string, name: string, placeholder?: string): CorpusSkill => {
    let text = readFileSync(join(repo, file), 'utf8');
    if (placeholder) text = text.replaceAll(placeholder, name);
    const m = JSON.parse(text) as { description: string; tools: CorpusTool[] };
    return {
      name,
      description: m.description,
      tools: m.tools.map(({ name, description, inputSchema, annotations }) => ({
        name,
        description,
        inputSchema,
        ...(annotations && { annotations }),
      })),
    };
  };
  return [
    from('skills/weather/manifest.json', 'weather'),
    from('skills/gmail/manifest.json', 'gmail'),
    from('templates/oauth/manifest.json', 'gcal', '{{name}}'),
    from('templates/tool/manifest.json', 'hello', '{{name}}'),
  ];
}

export function corpusSkills(): CorpusSkill[] {
  return [...repoSkills(), ...readJson<CorpusSkill[]>(join(here, 'skills.json'))];
}

export function corpusRequests(): CorpusRequest[] {
  return readJson<CorpusRequest[]>(join(here, 'requests.json'));
}

/**
 * Writes every corpus skill as a code skill folder under `root` (a workspace's skills/):
 * SKILL.md, package.json, manifest.json and an entry whose tools answer "ok".
 */
export async function writeCorpus(root: string): Promise<void> {
  await Promise.all(
    corpusSkills().map(async (s) => {
      const dir = join(root, s.name);
      await mkdir(dir, { recursive: true });
      const tools = s.tools.map((t) => `${JSON.stringify(t.name)}: () => 'ok'`).join(', ');
      await Promise.all([
        writeFile(
          join(dir, 'SKILL.md'),
          `---\nname: ${s.name}\ndescription: ${JSON.stringify(s.description)}\n---\n\n# ${s.name}\n`,
        ),
        writeFile(
          join(dir, 'package.json'),
          JSON.stringify({
            name: `@corpus/${s.name}`,
            version: '1.0.0',
            type: 'module',
            keywords: ['openclaw-skill'],
            exports: { '.': './index.js' },
          }),
        ),
        writeFile(
          join(dir, 'manifest.json'),
          JSON.stringify({
            manifestVersion: 1,
            name: s.name,
            version: '1.0.0',
            description: s.description,
            host: '^1',
            tools: s.tools,
          }),
        ),
        writeFile(
          join(dir, 'index.js'),
          `export default { createTools() { return { ${tools} }; } };\n`,
        ),
      ]);
    }),
  );
}
