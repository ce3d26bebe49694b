// The command registry: a command's file is imported only when that command runs, and a
// command added as one registry entry gets --help, the global options and the exit codes.
import { describe, expect, it } from 'vitest';
import type { CommandEntry } from './command.js';
import { COMMANDS } from './commands/index.js';
import { memoryIo } from './io.js';
import { globalOptions } from './options.js';
import { commandName, run } from './program.js';

/** A registry of two commands that records which files were loaded. */
function registry() {
  const loaded: string[] = [];
  const entry = (name: string): CommandEntry => ({
    name,
    summary: `the ${name} command`,
    load: async () => {
      loaded.push(name);
      return {
        configure: (cmd, io) =>
          cmd
            .argument('[word]')
            .option('--loud', 'shout')
            .action((word: string | undefined) => {
              const opts = globalOptions<{ loud?: boolean }>(cmd);
              io.stdout(JSON.stringify({ name, word, ...opts }) + '\n');
            }),
      };
    },
  });
  return { loaded, commands: [entry('alpha'), entry('beta')] };
}

describe('command registry', () => {
  it('imports only the file of the command being run', async () => {
    const { loaded, commands } = registry();
    const io = memoryIo();
    expect(await run(['--json', 'beta', 'hi', '--loud'], io, commands)).toBe(0);
    expect(loaded).toEqual(['beta']);
    expect(JSON.parse(io.out)).toEqual({ name: 'beta', word: 'hi', loud: true, json: true });
  });

  it('lists every command with its summary in --help without importing any', async () => {
    const { loaded, commands } = registry();
    const io = memoryIo();
    expect(await run(['--help'], io, commands)).toBe(0);
    expect(loaded).toEqual([]);
    expect(io.out).toMatch(/\n {2}alpha\s+the alpha command\n/);
    expect(io.out).toMatch(/\n {2}beta\s+the beta command\n/);
  });

  it('gives a loaded command --help with its own options and the global ones', async () => {
    for (const argv of [
      ['alpha', '--help'],
      ['help', 'alpha'],
    ]) {
      const { loaded, commands } = registry();
      const io = memoryIo();
      expect(await run(argv, io, commands)).toBe(0);
      expect(loaded).toEqual(['alpha']);
      for (const flag of ['--loud', '--json', '--home <dir>', '--workspace <dir>'])
        expect(io.out).toContain(flag);
    }
  });

  it('exits 2 for an unknown command, naming it, and loads nothing', async () => {
    const { loaded, commands } = registry();
    const io = memoryIo();
    expect(await run(['gamma'], io, commands)).toBe(2);
    expect(loaded).toEqual([]);
    expect(io.err).toContain("unknown command 'gamma'");
  });

  it('registers each real command once, under a unique name, with a one-line summary', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['validate', 'list', 'prompt', 'tools', 'call']));
    for (const c of COMMANDS) expect(c.summary).toMatch(/^[A-Z][^\n]+[^.]$/);
  });

  it('every registered command file loads and exports configure', async () => {
    for (const entry of COMMANDS) {
      const { configure } = await entry.load();
      expect(typeof configure).toBe('function');
    }
  });
});

describe('commandName', () => {
  it('skips global options and the values of --home and --workspace', () => {
    expect(commandName(['--home', 'list', 'prompt'])).toBe('prompt');
    expect(commandName(['--workspace', 'w', '--json', 'list'])).toBe('list');
    expect(commandName(['--home=h', 'tools', '--format', 'mcp'])).toBe('tools');
  });

  it('names the command `help <command>` asks about, and none for options only', () => {
    expect(commandName(['help', 'call'])).toBe('call');
    expect(commandName(['help'])).toBe('help');
    expect(commandName(['--json'])).toBeUndefined();
  });
});
