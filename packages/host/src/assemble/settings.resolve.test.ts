import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveConfig, resolveSettings } from './settings.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('resolveSettings', () => {
  it('takes home from OPENCLAW_SKILLS_HOME, the workspace from cwd, and paths under home', () => {
    const s = resolveSettings(
      { env: { OPENCLAW_SKILLS_HOME: join(dir, 'h') }, userHome: join(dir, 'u') },
      join(dir, 'cwd'),
    );
    expect(s.home).toBe(join(dir, 'h'));
    expect(s.userHome).toBe(join(dir, 'u'));
    expect(s.workspace).toBe(join(dir, 'cwd'));
    expect(s.paths.config).toBe(join(dir, 'h', 'config.json'));
  });
});

describe('LiveConfig', () => {
  it('reload() reads the changed file; a bad file keeps the previous config and throws', async () => {
    const file = join(dir, 'config.json');
    await writeFile(file, JSON.stringify({ sources: ['a'] }));
    const config = await LiveConfig.load(file, { approvals: {} });
    expect(config.current.sources).toEqual(['a']);
    await writeFile(file, JSON.stringify({ sources: ['b'] }));
    await config.reload();
    expect(config.current.sources).toEqual(['b']);
    await writeFile(file, '{ not json');
    await expect(config.reload()).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(config.current.sources).toEqual(['b']);
  });
});
