import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { tempDir } from '../testing/skill-folders.js';
import { createSkillStorage } from './storage.js';

describe('skill storage', () => {
  it('values persist across storage instances (host restarts)', async () => {
    const dir = join(await tempDir(), 'storage', 'demo');
    const a = createSkillStorage(dir);
    await a.set('greeting', { text: 'hi', n: [1, 2] });
    const b = createSkillStorage(dir);
    expect(await b.get('greeting')).toEqual({ text: 'hi', n: [1, 2] });
    expect(await b.get('missing')).toBeUndefined();
  });

  it('keys(prefix) lists keys, sorted, with any characters in them', async () => {
    const s = createSkillStorage(join(await tempDir(), 'st'));
    expect(await s.keys()).toEqual([]);
    const keys = ['user:2', 'user:1', 'User:1', 'cache/a b', '../escape', 'ünï', '.', 'x.json'];
    for (const k of keys) await s.set(k, k);
    expect(await s.keys()).toEqual([...keys].sort());
    expect(await s.keys('user:')).toEqual(['user:1', 'user:2']);
    for (const k of keys) expect(await s.get(k)).toBe(k);
  });

  it('delete removes a key; deleting a missing key is fine; set(undefined) deletes', async () => {
    const s = createSkillStorage(join(await tempDir(), 'st'));
    await s.set('a', 1);
    await s.set('b', 2);
    await s.delete('a');
    await s.delete('never');
    await s.set('b', undefined);
    expect(await s.keys()).toEqual([]);
    expect(await s.get('a')).toBeUndefined();
  });

  it('writes to one key apply in order', async () => {
    const s = createSkillStorage(join(await tempDir(), 'st'));
    await Promise.all([s.set('k', 1), s.set('k', 2), s.delete('k'), s.set('k', 3)]);
    expect(await s.get('k')).toBe(3);
  });

  it('a get or delete called right after an un-awaited set queues behind that set', async () => {
    const dir = join(await tempDir(), 'st');
    await createSkillStorage(dir).set('k', 'old');
    // A fresh instance has not created its folder yet: the set must still be first in line.
    const s = createSkillStorage(dir);
    const written = s.set('k', 'new');
    const read = s.get('k');
    expect(await read).toBe('new');
    await written;
    const t = createSkillStorage(dir);
    const rewritten = t.set('k', 'newer');
    const deleted = t.delete('k');
    await Promise.all([rewritten, deleted]);
    expect(await t.get('k')).toBeUndefined();
  });

  it('bad keys and values are INVALID_INPUT', async () => {
    const s = createSkillStorage(join(await tempDir(), 'st'));
    await expect(s.set('', 1)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(s.set('x'.repeat(500), 1)).rejects.toBeInstanceOf(SkillError);
    await expect(s.set('big', 10n)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it.each([
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a nested function', { ok: 1, run: () => 1 }],
    ['NaN in an array', [1, Number.NaN]],
    ['a Map', new Map([['a', 1]])],
  ])('set(key, %s) is INVALID_INPUT and writes nothing; the old value stays', async (_w, value) => {
    const dir = join(await tempDir(), 'st');
    const s = createSkillStorage(dir);
    await s.set('k', 'old');
    await expect(s.set('k', value)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(s.set('fresh', value)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await s.get('k')).toBe('old');
    expect(await s.keys()).toEqual(['k']);
  });

  it('a half-written temp file (what a crash leaves) is ignored: the old value stays', async () => {
    const dir = join(await tempDir(), 'st');
    const s = createSkillStorage(dir);
    await s.set('state', { v: 1 });
    await writeFile(join(dir, 'state.json.1234567'), '{"v": 2, "trunc');
    expect(await s.get('state')).toEqual({ v: 1 });
    expect(await s.keys()).toEqual(['state']);
  });

  it('a process killed in the middle of a write leaves the previous value', async () => {
    const dir = join(await tempDir(), 'st');
    await createSkillStorage(dir).set('state', { v: 'old' });
    const storageModule = pathToFileURL(join(import.meta.dirname, 'storage.ts')).href;
    const script = `
      const { createSkillStorage } = await import(${JSON.stringify(storageModule)});
      const s = createSkillStorage(${JSON.stringify(dir)});
      await s.set('state', { v: 'new', pad: 'x'.repeat(64 * 1024 * 1024) });
      console.log('finished');
    `;
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const child = spawn(
      process.execPath,
      ['--import', pathToFileURL(tsx).href, '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    // Kill it the moment the temp file appears: the rename has not happened yet.
    const watcher = watch(dir, (_, name) => {
      if (name && name.startsWith('state.json.')) child.kill('SIGKILL');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    watcher.close();
    expect(out).not.toContain('finished');
    expect(code).toBeNull();
    const s = createSkillStorage(dir);
    expect(await s.get('state')).toEqual({ v: 'old' });
    expect(await s.keys()).toEqual(['state']);
    // The crash left its temp file behind; it is not a key.
    expect((await readdir(dir)).some((n) => n.startsWith('state.json.'))).toBe(true);
    // The partial temp file is tens of MB: do not leave it in the temp folder.
    await rm(dir, { recursive: true, force: true });
  }, 30_000);
});
