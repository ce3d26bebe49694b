// limits.maxMessageBytes: what one message from a runner may hold. Outside 1 KiB..1 GiB, or not
// a whole number, the config is refused with one message naming the file and the field.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rejection } from '../testing/rejection.js';
import { tempDir } from '../testing/skill-folders.js';
import { readHostConfigFile } from './load.js';

async function configFile(config: unknown): Promise<string> {
  const file = join(await tempDir(), 'config.json');
  await writeFile(file, JSON.stringify(config));
  return file;
}

describe('limits.maxMessageBytes', () => {
  it.each([1024, 16 * 1024 * 1024, 1024 ** 3])('%i bytes is accepted', async (bytes) => {
    const config = { limits: { maxMessageBytes: bytes } };
    expect(await readHostConfigFile(await configFile(config))).toEqual(config);
  });

  it.each([100, 1024 ** 3 + 1, 2048.5, '16MB'])(
    '%s is CONFIG_INVALID naming the file and the field',
    async (value) => {
      const file = await configFile({ limits: { maxMessageBytes: value } });
      const e = await rejection(readHostConfigFile(file));
      expect(e.code).toBe('CONFIG_INVALID');
      expect(`${e.message} ${e.file ?? ''}`).toContain(file);
      expect(e.message).toContain('maxMessageBytes');
    },
  );
});
