import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeFakeBins } from '../testing/skill-folders.js';
import { findBins } from './bins.js';

describe('findBins', () => {
  it('finds executables across PATH folders and nothing else', async () => {
    const a = await tempDir();
    const b = await tempDir();
    await writeFakeBins(a, ['op']);
    await writeFakeBins(b, ['gh']);
    await writeFile(join(b, 'notexec'), 'x');
    await chmod(join(b, 'notexec'), 0o644);
    const env = { PATH: [a, join(a, 'missing'), b].join(':') };
    const found = await findBins(['op', 'gh', 'notexec', 'nope', '../op'], env, 'linux');
    expect([...found].sort()).toEqual(['gh', 'op']);
  });

  it('no PATH finds nothing; nothing needed reads nothing', async () => {
    expect((await findBins(['sh'], {}, 'linux')).size).toBe(0);
    expect((await findBins([], { PATH: '/bin' }, 'linux')).size).toBe(0);
  });

  it('on Windows a PATHEXT extension counts', async () => {
    const dir = await tempDir();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'tool.EXE'), 'x');
    const found = await findBins(['tool'], { Path: dir, PATHEXT: '.EXE;.CMD' }, 'win32');
    expect([...found]).toEqual(['tool']);
  });
});
