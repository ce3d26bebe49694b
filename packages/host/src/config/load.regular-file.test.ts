// config.json is read only as a regular file, capped, and never quoted in an error.
import { execFileSync } from 'node:child_process';
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { tempDir } from '../testing/skill-folders.js';
import { MAX_CONFIG_BYTES, readHostConfigFile } from './load.js';

const failure = async (p: Promise<unknown>): Promise<SkillError> => {
  try {
    await p;
  } catch (e) {
    return e as SkillError;
  }
  throw new Error('expected a rejection');
};

describe('host config file: only a regular file, content never echoed', () => {
  it('a FIFO at config.json is CONFIG_INVALID at once (nothing writes to it)', async () => {
    const file = join(await tempDir(), 'config.json');
    execFileSync('mkfifo', [file]);
    const e = await failure(readHostConfigFile(file));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toBe(
      `${file} is not a regular file (a folder, device or pipe); the host config must be a JSON file.`,
    );
  });

  it('a symlink to /dev/zero is refused without reading it', async () => {
    const file = join(await tempDir(), 'config.json');
    await symlink('/dev/zero', file);
    const e = await failure(readHostConfigFile(file));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain('not a regular file');
  });

  it('a symlink to a secret-looking file: the error has the line, not the content', async () => {
    const home = await tempDir();
    await writeFile(join(home, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
    const file = join(home, 'config.json');
    await symlink(join(home, 'passwd'), file);
    const e = await failure(readHostConfigFile(file));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).not.toMatch(/root|bash|x:0/);
    expect(JSON.stringify(e.toJSON())).not.toMatch(/root:|bash/);
    expect(e.message).toContain(`${file}:1 is not valid JSON`);
  });

  it('a file over the size limit is refused by its size', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, `{"sources": [${'"x",'.repeat(MAX_CONFIG_BYTES / 4)}"x"]}`);
    const e = await failure(readHostConfigFile(file));
    expect(e.message).toContain(`over the ${MAX_CONFIG_BYTES}-byte limit`);
  });

  it('a config nested 5,000 deep is CONFIG_INVALID naming the depth', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, `{"skills":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`);
    const e = await failure(readHostConfigFile(file));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toBe(
      `${file}:1 nests 5001 levels deep (the limit is 100); no host config needs that.`,
    );
  });
});
