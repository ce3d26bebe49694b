// list, prompt, tools and call through the real CLI entry (run + memoryIo), on a temp
// workspace with a docs skill and a plain-ESM code skill, a temp --home and a temp HOME (the
// user's ~/.agents/skills and ~/.openclaw/skills), so the machine's real home is never read.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let root: string;
let ws: string;
let home: string;
let userHome: string;

async function skill(name: string, files: Record<string, string>) {
  const dir = join(ws, 'skills', name);
  await mkdir(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) await writeFile(join(dir, f), text);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-host-'));
  ws = join(root, 'ws');
  home = join(root, 'home');
  userHome = join(root, 'user');
  await mkdir(userHome);
  await skill('notes', {
    'SKILL.md': '---\nname: notes\ndescription: Take notes & file them.\n---\n\nWrite notes.\n',
  });
  await skill('needs-op', {
    'SKILL.md':
      '---\nname: needs-op\ndescription: Uses 1Password.\nmetadata: { "openclaw": { "requires": { "bins": ["op-not-installed"] } } }\n---\n',
  });
  await skill('echo', {
    'SKILL.md': '---\nname: echo\ndescription: Echo text back.\n---\n',
    'package.json': JSON.stringify({
      name: 'echo',
      version: '1.2.3',
      type: 'module',
      exports: './index.js',
    }),
    'manifest.json': JSON.stringify({
      manifestVersion: 1,
      name: 'echo',
      version: '1.2.3',
      tools: [
        {
          name: 'echo.say',
          description: 'Say it back.',
          inputSchema: {
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
          },
        },
        {
          name: 'echo.wipe',
          description: 'Wipe everything.',
          inputSchema: { type: 'object' },
          annotations: { destructiveHint: true },
        },
      ],
    }),
    'index.js':
      "export default { createTools() { return { 'echo.say': ({ text }) => text, 'echo.wipe': () => ({ wiped: true }) }; } };\n",
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const cli = async (...args: string[]) => {
  const io = memoryIo({ cwd: ws, env: { PATH: '/nonexistent', HOME: userHome } });
  const code = await run([...args, '--home', home], io);
  return { code, out: io.out, err: io.err };
};

describe('openclaw-skill list', () => {
  it('prints name, version, status, source, tools and problems (with severity) per skill with --json', async () => {
    const { code, out } = await cli('list', '--json');
    expect(code).toBe(0);
    const list = JSON.parse(out) as Array<Record<string, unknown>>;
    expect(list.map((s) => [s.name, s.status])).toEqual([
      ['echo', 'ready'],
      ['needs-op', 'ineligible'],
      ['notes', 'ready'],
    ]);
    expect(list[0]).toMatchObject({
      version: '1.2.3',
      source: 'workspace',
      tools: ['echo.say', 'echo.wipe'],
      problems: [],
    });
    expect(list[1]!.problems).toEqual([
      expect.objectContaining({
        code: 'REQUIRES_BIN',
        severity: 'error',
        message: expect.stringContaining('op-not-installed'),
        file: join(ws, 'skills', 'needs-op', 'SKILL.md'),
      }),
    ]);
  });

  it("sees skills in HOME's .agents/skills and .openclaw/skills, taking HOME from its environment", async () => {
    const fakeHome = join(root, 'fake-home');
    for (const [folder, name] of [
      ['.agents/skills', 'from-agents'],
      ['.openclaw/skills', 'from-openclaw'],
    ] as const) {
      await mkdir(join(fakeHome, folder, name), { recursive: true });
      await writeFile(
        join(fakeHome, folder, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Lives in the user's home.\n---\n`,
      );
    }
    const io = memoryIo({ cwd: ws, env: { PATH: '', HOME: fakeHome } });
    expect(await run(['list', '--json', '--home', home], io)).toBe(0);
    const list = JSON.parse(io.out) as Array<{ name: string; dir: string; status: string }>;
    expect(list.filter((s) => s.dir.startsWith(fakeHome))).toEqual([
      expect.objectContaining({
        name: 'from-agents',
        status: 'ready',
        dir: join(fakeHome, '.agents/skills/from-agents'),
      }),
      expect.objectContaining({
        name: 'from-openclaw',
        status: 'ready',
        dir: join(fakeHome, '.openclaw/skills/from-openclaw'),
      }),
    ]);
  });

  it('runs with HOME set to an empty temp folder, so only the workspace skills are found', async () => {
    const { out } = await cli('list', '--json');
    const dirs = (JSON.parse(out) as Array<{ dir: string }>).map((s) => s.dir);
    expect(userHome.startsWith(root) && root.startsWith(tmpdir())).toBe(true);
    expect(dirs.every((d) => d.startsWith(join(ws, 'skills')))).toBe(true);
  });

  it('takes --json and --home before the command too', async () => {
    const io = memoryIo({ cwd: ws, env: { PATH: '', HOME: userHome } });
    expect(await run(['--json', '--home', home, 'list'], io)).toBe(0);
    expect(JSON.parse(io.out)).toHaveLength(3);
  });

  it('shows a table with each problem for people', async () => {
    const { out } = await cli('list');
    expect(out).toMatch(/✓ echo\s+ready/);
    expect(out).toMatch(/○ needs-op\s+ineligible/);
    expect(out).toContain('2 ready of 3 found');
  });
});

describe('openclaw-skill prompt', () => {
  it('prints the preamble and the escaped <available_skills> block of ready skills', async () => {
    const { code, out } = await cli('prompt');
    expect(code).toBe(0);
    expect(out).toContain('<available_skills>');
    expect(out).toContain('<description>Take notes &amp; file them.</description>');
    expect(out).not.toContain('needs-op');
  });

  it('prints the agentskills format and, over a budget, says what it left out', async () => {
    const { out, err } = await cli(
      'prompt',
      '--format',
      'agentskills',
      '--max-chars',
      '300',
      '--query',
      'notes',
    );
    expect(out.startsWith('<available_skills>\n<skill>\n<name>\nnotes\n</name>')).toBe(true);
    expect(err).toMatch(/echo/);
  });

  it('refuses a bad --max-chars with exit 2', async () => {
    const { code, err } = await cli('prompt', '--max-chars', 'lots');
    expect(code).toBe(2);
    expect(err).toMatch(/positive whole number/);
  });
});

describe('openclaw-skill tools', () => {
  it('prints provider definitions whose names follow the provider rule', async () => {
    const { code, out } = await cli('tools', '--format', 'anthropic');
    expect(code).toBe(0);
    const defs = JSON.parse(out) as Array<{ name: string; input_schema: unknown }>;
    expect(defs.map((d) => d.name)).toEqual(
      expect.arrayContaining(['echo_say', 'echo_wipe', 'skills_search', 'skills_read']),
    );
    for (const d of defs) expect(d.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('openclaw-skill call', () => {
  it('prints the result and exits 0; the audit log gets a line', async () => {
    const { code, out } = await cli('call', 'echo_say', '--input', '{"text":"hello"}');
    expect([code, out]).toEqual([0, 'hello\n']);
    const audit = (await readFile(join(home, 'audit.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(audit.at(-1)!)).toMatchObject({ tool: 'echo.say', outcome: 'ok' });
  });

  it("run inside a skill's own folder, calls that skill's tool and lists it with source package", async () => {
    const io = (cwd: string) => memoryIo({ cwd, env: { PATH: '/nonexistent', HOME: userHome } });
    const inEcho = join(ws, 'skills', 'echo');
    const called = io(inEcho);
    const code = await run(
      ['call', 'echo.say', '--input', '{"text":"from its folder"}', '--home', home],
      called,
    );
    expect([code, called.out]).toEqual([0, 'from its folder\n']);
    const listed = io(inEcho);
    expect(await run(['list', '--json', '--home', home], listed)).toBe(0);
    const list = JSON.parse(listed.out) as Array<{ name: string; source: string; dir: string }>;
    expect(list.map((s) => [s.name, s.source, s.dir])).toEqual([['echo', 'package', inEcho]]);
  });

  it('exits 1 with the code and the path for invalid input', async () => {
    const { code, err } = await cli('call', 'echo.say', '--input', '{"text":5}');
    expect(code).toBe(1);
    expect(err).toMatch(/^INVALID_INPUT: .*\/text/);
  });

  it('prints the whole structured result with --json', async () => {
    const { code, out } = await cli('call', 'echo.nope', '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ isError: true, code: 'TOOL_NOT_FOUND' });
  });

  it('without a terminal refuses a destructive tool naming --approve, and runs it with --approve', async () => {
    const refused = await cli('call', 'echo.wipe');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/APPROVAL_REQUIRED/);
    expect(refused.err).toContain('--approve');
    const approved = await cli('call', 'echo.wipe', '--approve');
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.out)).toEqual({ wiped: true });
  });

  it('treats --input that is not JSON as bad usage (exit 2)', async () => {
    const { code, err } = await cli('call', 'echo.say', '--input', '{oops');
    expect(code).toBe(2);
    expect(err).toMatch(/--input is not valid JSON/);
  });
});
