// The built `openclaw-skill` (the bundle `pnpm build` writes and package.json's bin names),
// run as a user runs it: a fresh node process, HOME and the state folder in a temp dir.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../packages/cli/src/io.js';
import { run } from '../packages/cli/src/program.js';

const repo = resolve(import.meta.dirname, '..');
const exec = promisify(execFile);
let tmp: string;
let bin: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'cli-bin-'));
  await mkdir(join(tmp, 'home'));
  const pkg = JSON.parse(await readFile(join(repo, 'packages/cli/package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  bin = join(repo, 'packages/cli', pkg.bin['openclaw-skill']!);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function cli(args: string[], cwd = repo) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: join(tmp, 'home') },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('the built openclaw-skill', () => {
  it('prints the help the program prints, for no arguments, --help and -h, exit 0', async () => {
    const io = memoryIo();
    expect(await run(['--help'], io)).toBe(0);
    for (const args of [[], ['--help'], ['-h']])
      expect(await cli(args)).toEqual({ code: 0, stdout: io.out, stderr: '' });
  });

  it("prints package.json's version for --version and -v", async () => {
    const { version } = JSON.parse(
      await readFile(join(repo, 'packages/cli/package.json'), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-v'])
      expect(await cli([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists the bundled skills with --json (gmail needs a Google login, weather is ready) and leaves a scan cache of both', async () => {
    const home = join(tmp, 'state');
    const { code, stdout } = await cli(['list', '--json', '--home', home]);
    expect(code).toBe(0);
    const list = JSON.parse(stdout) as Array<{ name: string; status: string }>;
    expect(list.map((s) => [s.name, s.status])).toEqual([
      ['gmail', 'needs-login'],
      ['weather', 'ready'],
    ]);
    const cache = JSON.parse(await readFile(join(home, 'cache', 'scan.json'), 'utf8')) as {
      entries: Record<string, unknown>;
    };
    expect(Object.keys(cache.entries).sort()).toEqual([
      join(repo, 'skills', 'gmail'),
      join(repo, 'skills', 'weather'),
    ]);
  });

  it("keeps V8's compiled code in HOME's cache folder, and lists the same when that file is damaged", async () => {
    const home = join(tmp, 'state-code-cache');
    const first = await cli(['list', '--json', '--home', home]);
    const dir = join(tmp, 'home', '.cache', 'openclaw-skills', 'code-cache');
    const [file, ...more] = await readdir(dir);
    expect(more).toEqual([]);
    const header = async () => {
      const line = (await readFile(join(dir, file!), 'utf8')).split('\n', 1)[0]!;
      // The data's length depends on what the run compiled (the first one scanned cold).
      const { length, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return { ...rest, length: typeof length };
    };
    const written = await header();
    expect(written).toMatchObject({ format: 3, node: process.version, length: 'number' });
    await writeFile(join(dir, file!), 'damaged');
    expect(await cli(['list', '--json', '--home', home])).toEqual(first);
    // Replaced by a whole cache for the same bundle.
    expect(await header()).toEqual(written);
  });

  it('exits 2 with one line for an unknown command', async () => {
    const { code, stdout, stderr } = await cli(['frobnicate']);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain("error: unknown command 'frobnicate'");
  });

  it('validates the bundled skills strictly (lazy YAML and schema loading work in the bundle)', async () => {
    const { code, stdout } = await cli(['validate', '--strict', 'skills/weather', 'skills/gmail']);
    expect([code, stdout]).toEqual([0, '✓ skills/weather (weather)\n✓ skills/gmail (gmail)\n']);
  });

  it("keeps the code of a SkillError thrown by a skill's own copy of the SDK", async () => {
    const ws = join(tmp, 'ws');
    const dir = join(ws, 'skills', 'picky');
    await mkdir(join(dir, 'node_modules', '@openclaw'), { recursive: true });
    await symlink(
      join(repo, 'packages/sdk'),
      join(dir, 'node_modules', '@openclaw', 'skill-sdk'),
      'dir',
    );
    await writeFile(join(dir, 'SKILL.md'), '---\nname: picky\ndescription: Refuses.\n---\n');
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'picky', version: '1.0.0', type: 'module', exports: './index.js' }),
    );
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({
        manifestVersion: 1,
        name: 'picky',
        version: '1.0.0',
        tools: [{ name: 'picky.check', description: 'Refuses.', inputSchema: { type: 'object' } }],
      }),
    );
    await writeFile(
      join(dir, 'index.js'),
      "import { SkillError } from '@openclaw/skill-sdk';\n" +
        "export default { createTools: () => ({ 'picky.check': () => { throw new SkillError('INVALID_INPUT', 'Not like that.'); } }) };\n",
    );
    const { code, stderr } = await cli(['call', 'picky.check', '--home', join(tmp, 'state2')], ws);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^INVALID_INPUT: Not like that\./);
  });

  it('`pnpm openclaw-skill` (scripts/openclaw-skill.mjs) reads relative paths from INIT_CWD, where the command was typed', async () => {
    const typedIn = join(tmp, 'typed-in');
    await mkdir(join(typedIn, 'here'), { recursive: true });
    await writeFile(
      join(typedIn, 'here', 'SKILL.md'),
      '---\nname: here\ndescription: A skill next to where the command was typed.\n---\n',
    );
    const launcher = join(repo, 'scripts', 'openclaw-skill.mjs');
    const { stdout } = await exec(process.execPath, [launcher, 'validate', 'here', '--json'], {
      cwd: repo,
      env: { PATH: process.env.PATH, HOME: join(tmp, 'home'), INIT_CWD: typedIn },
    });
    const [report] = JSON.parse(stdout) as Array<{ dir: string; ok: boolean }>;
    expect([report!.dir, report!.ok]).toEqual([join(typedIn, 'here'), true]);
  });
});
