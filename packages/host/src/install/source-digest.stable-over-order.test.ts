import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestFiles, digestIntegrity, digestTree } from './source-digest.js';

describe('digestFiles', () => {
  const a = { path: 'SKILL.md', contents: '---\nname: pdf\n---\n' };
  const b = { path: 'scripts/run.sh', contents: 'echo hi\n' };

  it('gives the same digest whatever order the files come in', () => {
    expect(digestFiles([a, b])).toBe(digestFiles([b, a]));
  });

  it('is sha256 hex and changes when one byte of one file changes', () => {
    const d = digestFiles([a, b]);
    expect(d).toMatch(/^[0-9a-f]{64}$/);
    expect(digestFiles([a, { ...b, contents: 'echo ho\n' }])).not.toBe(d);
  });

  it('tells a renamed file, a moved boundary between path and contents, and a symlink apart', () => {
    const d = digestFiles([a, b]);
    expect(digestFiles([a, { ...b, path: 'scripts/run2.sh' }])).not.toBe(d);
    expect(digestFiles([{ path: 'ab', contents: 'c' }])).not.toBe(
      digestFiles([{ path: 'a', contents: 'bc' }]),
    );
    expect(digestFiles([{ path: 'x', contents: 'y', symlink: true }])).not.toBe(
      digestFiles([{ path: 'x', contents: 'y' }]),
    );
  });

  it('of an empty tree is the sha256 of nothing', () => {
    expect(digestFiles([])).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('digestIntegrity writes the same bytes as an SRI sha256 string', () => {
    expect(
      digestIntegrity('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'),
    ).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

describe('digestTree', () => {
  it('reads a folder (nested files and a symlink) to the digest of the same files given as data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oc-digest-'));
    try {
      await mkdir(join(dir, 'scripts'));
      await writeFile(join(dir, 'SKILL.md'), '---\nname: pdf\n---\n');
      await writeFile(join(dir, 'scripts', 'run.sh'), 'echo hi\n');
      await symlink('scripts/run.sh', join(dir, 'run'));
      expect(await digestTree(dir)).toBe(
        digestFiles([
          { path: 'SKILL.md', contents: '---\nname: pdf\n---\n' },
          { path: 'scripts/run.sh', contents: 'echo hi\n' },
          { path: 'run', contents: 'scripts/run.sh', symlink: true },
        ]),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
