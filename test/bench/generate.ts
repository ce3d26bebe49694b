// Generates N skill folders for the scan benchmarks: each with a ~1 KB SKILL.md; every
// tenth a code skill with package.json, manifest.json (two tools) and an entry module.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const WORDS =
  'calendar notes weather email invoices github slack music photos travel recipes fitness budget news translate pdf diagrams tasks contacts files'.split(
    ' ',
  );

export function skillMd(name: string, i: number): string {
  const topic = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`;
  const body = Array.from(
    { length: 12 },
    (_, k) => `- Step ${k + 1}: work with ${topic} item ${k}; check the result before going on.`,
  ).join('\n');
  return `---\nname: ${name}\ndescription: "Helps with ${topic} (skill ${i}). Use when the user asks about ${topic}."\nmetadata: { "openclaw": { "emoji": "🧪" } }\n---\n\n# ${name}\n\n${body}\n`;
}

export async function generateSkills(root: string, count: number): Promise<void> {
  await mkdir(root, { recursive: true });
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const name = `bench-skill-${String(i).padStart(4, '0')}`;
    const dir = join(root, name);
    jobs.push(
      (async () => {
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'SKILL.md'), skillMd(name, i));
        if (i % 10 !== 0) return;
        await writeFile(
          join(dir, 'package.json'),
          JSON.stringify({
            name: `@bench/${name}`,
            version: '1.0.0',
            type: 'module',
            keywords: ['openclaw-skill'],
            exports: { '.': './index.js' },
          }),
        );
        await writeFile(
          join(dir, 'index.js'),
          `export default { createTools() { return { '${name}.echo': (i) => i, '${name}.add': ({ a, b }) => a + b }; } };\n`,
        );
        await writeFile(
          join(dir, 'manifest.json'),
          JSON.stringify({
            manifestVersion: 1,
            name,
            version: '1.0.0',
            host: '^1',
            tools: [
              {
                name: `${name}.echo`,
                description: 'Echo the input back.',
                inputSchema: {
                  type: 'object',
                  properties: { text: { type: 'string' } },
                  required: ['text'],
                  additionalProperties: false,
                },
              },
              {
                name: `${name}.add`,
                description: 'Add two numbers.',
                inputSchema: {
                  type: 'object',
                  properties: { a: { type: 'number' }, b: { type: 'number' } },
                  required: ['a', 'b'],
                },
                annotations: { readOnlyHint: true },
              },
            ],
          }),
        );
      })(),
    );
  }
  await Promise.all(jobs);
}

/** `skills` docs-plus-manifest skills with `toolsEach` tools each (tool definition benches). */
export async function generateToolSkills(root: string, skills: number, toolsEach: number) {
  for (let s = 0; s < skills; s++) {
    const name = `tools-${String(s).padStart(3, '0')}`;
    const dir = join(root, name);
    await mkdir(dir, { recursive: true });
    const tools = Array.from({ length: toolsEach }, (_, t) => ({
      name: `${name}.op_${t}`,
      description: `Operation ${t} of ${name}: does one thing with a record.`,
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
        required: ['id'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: t % 2 === 0 },
    }));
    await writeFile(
      join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Tool set ${s} for benchmarks.\n---\n\nUse the tools.\n`,
    );
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name, version: '1.0.0', type: 'module', exports: './index.js' }),
    );
    await writeFile(join(dir, 'index.js'), 'export default { createTools() { return {}; } };\n');
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({ manifestVersion: 1, name, version: '1.0.0', tools }),
    );
  }
}
