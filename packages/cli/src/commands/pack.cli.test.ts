// `openclaw-skill pack` on real skill folders with the real npm: what it lists, what it writes,
// and each refusal (a .env, a failed strict validation, build or test, an unmeant test file)
// as one line naming the file or step, with nothing written.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let root: string;
let n = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-pack-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A valid plain-ESM skill in a folder named after it (strict mode wants that), plus changes. */
async function skill(
  name: string,
  change: {
    files?: Record<string, string>;
    scripts?: Record<string, string>;
    manifest?: Record<string, unknown>;
  } = {},
) {
  const src = await writeSkillPackage({
    skill: name,
    version: '1.0.0',
    ...(change.scripts && { scripts: change.scripts }),
    ...(change.manifest && { manifest: change.manifest }),
    ...(change.files && { files: change.files }),
  });
  const dir = join(root, `case-${++n}`, name);
  await mkdir(join(dir, '..'), { recursive: true });
  await cp(src, dir, { recursive: true });
  await rm(src, { recursive: true, force: true });
  return dir;
}

const cli = async (...args: string[]) => {
  const io = memoryIo({
    env: {
      PATH: process.env.PATH ?? '',
      npm_config_cache: join(root, 'npm-cache'),
      npm_config_update_notifier: 'false',
    },
    cwd: root,
  });
  const code = await run([...args, '--home', join(root, 'home')], io);
  return { code, out: io.out, err: io.err };
};
const errorLines = (err: string) => err.split('\n').filter((l) => l.startsWith('openclaw-skill:'));
const tarballs = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.tgz'));

describe('pack', () => {
  it('--dry-run --json lists exactly what npm would ship and writes nothing', async () => {
    const dir = await skill('counter');
    const r = await cli('pack', dir, '--dry-run', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.files.map((f: { path: string }) => f.path).sort()).toEqual([
      'SKILL.md',
      'index.js',
      'manifest.json',
      'package.json',
    ]);
    expect(report).toMatchObject({ package: 'oc-skill-counter', version: '1.0.0', refusals: [] });
    expect(report.tarball).toBeUndefined();
    expect(report.steps).toEqual(['validate --strict', 'list (npm pack --dry-run)']);
    expect(await tarballs(dir)).toEqual([]);
  });

  it('writes the tarball only after build, validation and tests passed, in that order', async () => {
    const dir = await skill('builder', {
      scripts: {
        build: "node -e \"require('fs').writeFileSync('built.txt', 'ok')\"",
        test: "node -e \"require('fs').accessSync('built.txt')\"",
      },
    });
    const dest = join(root, 'out');
    await mkdir(dest);
    const r = await cli('pack', dir, '--pack-destination', dest);
    expect(r.code).toBe(0);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      '· build (npm run build)',
      '· validate --strict',
      '· tests (npm run test)',
      '· list (npm pack --dry-run)',
      '· write (npm pack)',
    ]);
    expect(r.out).toMatch(/^oc-skill-builder@1\.0\.0: 5 files, /);
    expect(r.out).toContain(`Wrote ${join(dest, 'oc-skill-builder-1.0.0.tgz')}`);
    expect(await tarballs(dest)).toEqual(['oc-skill-builder-1.0.0.tgz']);
  });

  it('refuses a package that would ship a .env file, naming it, and writes nothing', async () => {
    const dir = await skill('leaky', { files: { '.env': 'API_KEY=do-not-ship\n' } });
    const r = await cli('pack', dir);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      'openclaw-skill: Refusing to pack: .env would ship (an .env file holds secrets and local settings).',
    ]);
    expect(r.out).toContain('✗');
    expect(r.out).toMatch(/✗ +\d+ B {2}\.env {2}\(an \.env file/);
    expect(r.out).not.toContain('do-not-ship');
    expect(r.err).not.toContain('do-not-ship');
    expect(await tarballs(dir)).toEqual([]);
  });

  it('refuses a private key and a test file the package did not mean to ship (--json lists every refusal)', async () => {
    const dir = await skill('keys', {
      files: {
        'certs/dev.pem': 'x',
        'lib/util.test.js': 'test',
        'notes.txt': '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n',
      },
    });
    const r = await cli('pack', dir, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).refusals).toEqual([
      { file: 'certs/dev.pem', rule: 'PRIVATE_KEY', reason: 'it is named like a private key' },
      {
        file: 'lib/util.test.js',
        rule: 'TEST_FILE',
        reason: 'tests do not belong in the package unless package.json "files" names them',
      },
      { file: 'notes.txt', rule: 'PRIVATE_KEY', reason: 'it contains a PRIVATE KEY block' },
    ]);
    expect(errorLines(r.err)).toEqual([
      'openclaw-skill: Refusing to pack: certs/dev.pem would ship (it is named like a private key) (and 2 more).',
    ]);
    // One object on stdout: the report, with the error in it.
    expect(JSON.parse(r.out).error).toEqual({
      code: 'PACK_REFUSED',
      message:
        'Refusing to pack: certs/dev.pem would ship (it is named like a private key) (and 2 more).',
      hint: 'Delete it, or keep it out with package.json "files" or .npmignore; nothing was written.',
    });
    expect(await tarballs(dir)).toEqual([]);
  });

  it('refuses a package that fails strict validation, naming the file and the problem', async () => {
    const dir = await skill('undeclared', {
      manifest: {
        tools: [
          {
            name: 'undeclared.version',
            description: 'Says which version answers.',
            inputSchema: { type: 'object' },
          },
          {
            name: 'undeclared.missing',
            description: 'Not in the code.',
            inputSchema: { type: 'object' },
          },
        ],
      },
    });
    const r = await cli('pack', dir);
    expect(r.code).toBe(1);
    const lines = errorLines(r.err);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^openclaw-skill: Strict validation failed: manifest\.json:\d+ tools\[1\] "undeclared\.missing" is declared but createTools in index\.js returns no function for it/,
    );
    expect(r.err).toContain(
      `hint: Run \`openclaw-skill validate --strict ${dir}\` for every problem.`,
    );
    expect(await tarballs(dir)).toEqual([]);
  });

  it('packs a skill whose SKILL.md uses Claude Code keys (warnings), refuses an unknown key (error)', async () => {
    const dir = await skill('reviewer');
    const head = '---\nname: reviewer\ndescription: Reviews code.\n';
    await writeFile(
      join(dir, 'SKILL.md'),
      `${head}argument-hint: "[pr]"\ndisable-model-invocation: true\npaths: ["src/**"]\n---\n# Review\n`,
    );
    const ok = await cli('pack', dir, '--dry-run', '--no-test', '--json');
    expect(ok.code, ok.err).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ refusals: [] });
    await writeFile(join(dir, 'SKILL.md'), `${head}reviewers: 2\n---\n# Review\n`);
    const refused = await cli('pack', dir, '--dry-run', '--no-test');
    expect(refused.code).toBe(1);
    expect(errorLines(refused.err)[0]).toContain('unknown frontmatter key "reviewers"');
  }, 60_000);

  it('refuses when the tests fail, and --no-test skips them', async () => {
    const dir = await skill('flaky', {
      scripts: { test: 'node -e "console.log(\'1 failed\'); process.exit(3)"' },
    });
    const r = await cli('pack', dir, '--dry-run');
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `openclaw-skill: The tests failed: \`npm run test\` exited 3 in ${dir}.`,
    ]);
    expect(r.err).toContain('1 failed');
    const skipped = await cli('pack', dir, '--dry-run', '--no-test');
    expect(skipped.code).toBe(0);
    expect(skipped.err).not.toContain('tests');
  });

  it('a SKILL.md-only folder is refused with the package.json to add; with it, pack ships SKILL.md, package.json and scripts/', async () => {
    const dir = join(root, `case-${++n}`, 'pdf');
    await mkdir(join(dir, 'scripts'), { recursive: true });
    await writeFile(
      join(dir, 'SKILL.md'),
      '---\nname: pdf\ndescription: Extracts text from PDF files. Use when the user gives a PDF.\n---\n\nRun scripts/extract.sh.\n',
    );
    await writeFile(join(dir, 'scripts', 'extract.sh'), '#!/bin/sh\necho extracted\n', {
      mode: 0o755,
    });
    const refused = await cli('pack', dir, '--json');
    expect(refused.code).toBe(1);
    const hint: string = JSON.parse(refused.out).error.hint;
    expect(hint).toContain(join(dir, 'package.json'));
    await writeFile(join(dir, 'package.json'), hint.slice(hint.indexOf('{')));

    const r = await cli('pack', dir, '--dry-run', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.files.map((f: { path: string }) => f.path).sort()).toEqual([
      'SKILL.md',
      'package.json',
      'scripts/extract.sh',
    ]);
    expect(report).toMatchObject({ package: 'oc-skill-pdf', refusals: [] });
  });

  it('a folder without package.json is one line (exit 1); an unknown option is bad usage (exit 2)', async () => {
    const empty = join(root, 'empty');
    await mkdir(empty);
    const r = await cli('pack', empty);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)[0]).toMatch(
      /^openclaw-skill: .*empty\/package\.json is missing or not JSON/,
    );
    expect((await cli('pack', empty, '--frobnicate')).code).toBe(2);
    expect(existsSync(join(root, 'home'))).toBe(false);
  });
});
