// Every `openclaw-skill <command>` the host and the CLI name in a hint or message must be a
// command that exists: collect them from the sources and run each one's --help.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { COMMANDS } from './index.js';

const roots = ['../../../host/src', '..'].map((p) => join(import.meta.dirname, p));

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await sources(p)));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** The command path a mention names: words that are (sub)commands of the program. */
async function commandPath(words: string[]): Promise<string[]> {
  const entry = COMMANDS.find((c) => c.name === words[0]);
  if (!entry) return [];
  // Commands load lazily: configure this one to see its subcommands.
  let cmd = new Command(entry.name);
  (await entry.load()).configure(cmd, memoryIo());
  const path = [entry.name];
  for (const w of words.slice(1)) {
    const sub = cmd.commands.find((c) => c.name() === w);
    if (!sub) break;
    path.push(w);
    cmd = sub;
  }
  return path;
}

// Commands the host's hints may name before their CLI is registered. Each is checked like any
// other as soon as it is registered.
const PENDING = new Set(['install', 'update', 'remove', 'rollback', 'serve', 'dev', 'dashboard']);

describe('hints name commands that exist', () => {
  it('every `openclaw-skill <command>` in host and CLI sources, but those still to land, has a working --help', async () => {
    const mentions = new Map<string, string>();
    for (const root of roots) {
      for (const file of await sources(root)) {
        const text = await readFile(file, 'utf8');
        for (const m of text.matchAll(/openclaw-skill((?: [a-z][a-z-]*)+)/g)) {
          const words = m[1]!.trim().split(' ');
          const path = await commandPath(words);
          if (path.length === 0 && PENDING.has(words[0]!)) continue;
          mentions.set(path.join(' ') || `(none: ${words.join(' ')})`, file);
        }
      }
    }
    expect(mentions.size).toBeGreaterThan(5);
    for (const [path, file] of mentions) {
      expect(path, `${file} names "openclaw-skill ${path}"`).not.toMatch(/^\(none/);
      const io = memoryIo();
      expect(await run([...path.split(' '), '--help'], io), path).toBe(0);
      expect(io.out).toContain('Usage: openclaw-skill');
    }
    for (const needed of ['auth login', 'auth set-key', 'doctor', 'list'])
      expect([...mentions.keys()]).toContain(needed);
  });
});
