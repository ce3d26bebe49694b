import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let root: string;
let good: string;
let bad: string;
let extended: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-validate-'));
  good = join(root, 'weather');
  bad = join(root, 'broken');
  extended = join(root, 'notes');
  for (const d of [good, bad, extended]) await mkdir(d);
  await writeFile(join(good, 'SKILL.md'), '---\nname: weather\ndescription: Forecasts.\n---\n');
  await writeFile(join(bad, 'SKILL.md'), '---\nname: broken\ndescription: d\n---\n');
  await writeFile(
    join(bad, 'manifest.json'),
    JSON.stringify(
      {
        manifestVersion: 1,
        name: 'broken',
        tools: [{ name: 'broken..x', description: 'd', inputSchema: { type: 'object' } }],
      },
      null,
      2,
    ),
  );
  await writeFile(
    join(extended, 'SKILL.md'),
    '---\nname: notes\ndescription: Notes.\nhomepage: https://example.com\n---\n',
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('openclaw-skill validate', () => {
  it('exits 0 and prints ✓ with the name for valid folders', async () => {
    const io = memoryIo({ cwd: root });
    expect(await run(['validate', 'weather', extended], io)).toBe(0);
    expect(io.out).toBe(`✓ weather (weather)\n✓ ${extended} (notes)\n`);
  });

  it('exits 1 and lists each problem with severity, code, file:line and message', async () => {
    const io = memoryIo({ cwd: root });
    expect(await run(['validate', 'weather', 'broken'], io)).toBe(1);
    const lines = io.out.trimEnd().split('\n');
    expect(lines[0]).toBe('✓ weather (weather)');
    expect(lines[1]).toBe('✗ broken');
    expect(lines[2]).toMatch(
      /^ {2}error TOOL_NAME_INVALID broken\/manifest\.json:6 manifest\.json: tools\[0\]\.name "broken\.\.x" is not/,
    );
    expect(lines).toHaveLength(3);
  });

  it('--strict passes an OpenClaw key with a warning naming OpenClaw; --spec fails it', async () => {
    const io = memoryIo({ cwd: root });
    expect(await run(['validate', '--strict', 'notes'], io)).toBe(0);
    expect(io.out).toContain(
      '✓ notes (notes)\n  warning SKILL_MD_AGENT_KEY notes/SKILL.md:4 SKILL.md: "homepage" is read by OpenClaw',
    );
    const spec = memoryIo({ cwd: root });
    expect(await run(['validate', '--spec', 'notes'], spec)).toBe(1);
    expect(spec.out).toContain(
      '✗ notes\n  error SKILL_MD_UNKNOWN_KEY notes/SKILL.md:4 SKILL.md: unknown frontmatter key "homepage"',
    );
  });

  it('prints [{ dir, name, ok, problems }] with --json, before or after the command', async () => {
    for (const argv of [
      ['validate', 'weather', 'broken', '--json'],
      ['--json', 'validate', 'weather', 'broken'],
    ]) {
      const io = memoryIo({ cwd: root });
      expect(await run(argv, io)).toBe(1);
      const out = JSON.parse(io.out) as unknown[];
      expect(out).toEqual([
        { dir: good, name: 'weather', ok: true, problems: [] },
        {
          dir: bad,
          name: 'broken',
          ok: false,
          problems: [
            expect.objectContaining({
              code: 'TOOL_NAME_INVALID',
              severity: 'error',
              file: join(bad, 'manifest.json'),
              line: 6,
              field: 'tools[0].name',
            }),
          ],
        },
      ]);
    }
  });

  it('reports a folder that does not exist as invalid, naming the folder once', async () => {
    const io = memoryIo({ cwd: root });
    expect(await run(['validate', 'nope'], io)).toBe(1);
    expect(io.out).toBe(
      '✗ nope\n  error SKILL_DIR_MISSING nope is not a folder; pass a skill folder (one holding SKILL.md).\n',
    );
    const outside = memoryIo({ cwd: root });
    const abs = join(tmpdir(), 'openclaw-validate-nope');
    await run(['validate', abs], outside);
    expect(outside.out).toBe(
      `✗ ${abs}\n  error SKILL_DIR_MISSING ${abs} is not a folder; pass a skill folder (one holding SKILL.md).\n`,
    );
  });

  it('exits 2 on bad usage', async () => {
    const missing = memoryIo({ cwd: root });
    expect(await run(['validate'], missing)).toBe(2);
    expect(missing.err).toContain("missing required argument 'dir'");
    const unknown = memoryIo({ cwd: root });
    expect(await run(['validate', 'weather', '--bogus'], unknown)).toBe(2);
    expect(unknown.out).toBe('');
  });

  it('prints help with --help and exits 0', async () => {
    const io = memoryIo({ cwd: root });
    expect(await run(['validate', '--help'], io)).toBe(0);
    expect(io.out).toContain('Usage: openclaw-skill validate [options] <dir...>');
    expect(io.out).toContain('--strict');
    expect(io.out).toContain('--json');
  });
});
