// Every millisecond setting is capped at setTimeout's ceiling (2^31 - 1): a larger delay
// would fire at once (approvals.timeoutMs of 2^31 made every approval time out in 3 ms).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { readHostConfigFile } from './load.js';

async function configFile(config: unknown): Promise<string> {
  const home = await tempDir();
  await mkdir(home, { recursive: true });
  const file = join(home, 'config.json');
  await writeFile(file, JSON.stringify(config));
  return file;
}

const TOO_LONG = 2 ** 31;

describe('millisecond settings', () => {
  it.each([
    ['approvals.timeoutMs', { approvals: { timeoutMs: TOO_LONG } }],
    ['limits.perSession.windowMs', { limits: { perSession: { calls: 1, windowMs: TOO_LONG } } }],
    ['limits.perTool.windowMs', { limits: { perTool: { calls: 1, windowMs: TOO_LONG } } }],
    ['limits.loop.windowMs', { limits: { loop: { windowMs: TOO_LONG } } }],
  ])('%s above 2^31-1 is CONFIG_INVALID', async (_field, config) => {
    await expect(readHostConfigFile(await configFile(config))).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
  });

  it('2^31-1 itself is accepted', async () => {
    const config = { approvals: { timeoutMs: TOO_LONG - 1 } };
    expect(await readHostConfigFile(await configFile(config))).toEqual(config);
  });
});
