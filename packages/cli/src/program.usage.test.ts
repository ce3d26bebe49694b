// The conventions a person meets first: no arguments, --help, --version, bad usage.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir, tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EXIT, memoryIo } from './io.js';
import { EXIT_RULE, run } from './program.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('openclaw-skill with no arguments', () => {
  it('prints the help on stdout and exits 0 (the gh convention)', async () => {
    const io = memoryIo();
    expect(await run([], io)).toBe(EXIT.OK);
    expect(io.out).toContain('Usage: openclaw-skill [options] [command]');
    for (const cmd of ['validate', 'list', 'prompt', 'tools', 'call'])
      expect(io.out).toContain(cmd);
    expect(io.err).toBe('');
  });

  it('prints the same help as --help', async () => {
    const bare = memoryIo();
    const help = memoryIo();
    await run([], bare);
    expect(await run(['--help'], help)).toBe(EXIT.OK);
    expect(bare.out).toBe(help.out);
    expect(help.out).toContain(`\n${EXIT_RULE}\n`);
  });

  it('states the exit-code rule once: 0 ok, 1 a user error with valid usage, 2 bad usage', async () => {
    const help = memoryIo();
    await run(['--help'], help);
    expect(help.out.match(/Exit status/g)).toHaveLength(1);
    expect(EXIT_RULE).toMatch(
      /^Exit status: 0 ok; 1 a user error with valid usage .* 2 bad usage/s,
    );
  });
});

describe('an incomplete command line', () => {
  it('prints the help on stderr and exits 2 for options without a command', async () => {
    const io = memoryIo();
    expect(await run(['--home', tmpdir()], io)).toBe(EXIT.USAGE);
    expect([io.out, io.err.startsWith('Usage: openclaw-skill [options] [command]')]).toEqual([
      '',
      true,
    ]);
  });

  it('with --json alone, also prints the USAGE error object on stdout', async () => {
    const io = memoryIo();
    expect(await run(['--json'], io)).toBe(EXIT.USAGE);
    expect(JSON.parse(io.out)).toMatchObject({ error: { code: 'USAGE' } });
    expect(io.err.startsWith('Usage: openclaw-skill [options] [command]')).toBe(true);
  });

  it('`help` and `help <command>` print on stdout and exit 0', async () => {
    for (const argv of [['help'], ['help', 'list']]) {
      const io = memoryIo();
      expect(await run(argv, io)).toBe(EXIT.OK);
      expect([io.out.startsWith('Usage: openclaw-skill'), io.err]).toEqual([true, '']);
    }
  });
});

describe('openclaw-skill --version', () => {
  it('prints the package version and exits 0, as --version and -v', async () => {
    for (const flag of ['--version', '-v']) {
      const io = memoryIo();
      expect(await run([flag], io)).toBe(EXIT.OK);
      expect(io.out).toBe(`${pkg.version}\n`);
    }
  });
});

describe('--workspace', () => {
  it('naming a missing folder exits 1 (a path that does not exist) with one line naming it', async () => {
    const missing = join(tmpdir(), 'openclaw-no-such-workspace');
    const io = memoryIo({ env: { HOME: tmpdir() } });
    expect(await run(['list', '--workspace', missing], io)).toBe(EXIT.ERROR);
    expect(io.err).toBe(`openclaw-skill: --workspace ${missing}: no such folder (${missing}).\n`);
    expect(io.out).toBe('');
  });
});

describe('the CLI test environment', () => {
  it("runs with the process's HOME set to a temp folder (test/setup/temp-home.ts)", () => {
    expect(homedir().startsWith(join(tmpdir(), 'cli-test-home-'))).toBe(true);
  });
});
