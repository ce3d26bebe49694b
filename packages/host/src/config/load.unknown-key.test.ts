import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { tempDir } from '../testing/skill-folders.js';
import { loadHostConfig, mergeHostConfig, readHostConfigFile } from './load.js';

async function configFile(content: string): Promise<string> {
  const home = await tempDir();
  await mkdir(home, { recursive: true });
  const file = join(home, 'config.json');
  await writeFile(file, content);
  return file;
}

const failure = async (p: Promise<unknown>): Promise<SkillError> => {
  try {
    await p;
  } catch (e) {
    return e as SkillError;
  }
  throw new Error('expected a rejection');
};

describe('host config file', () => {
  it('a missing file is an empty config', async () => {
    const home = await tempDir();
    expect(await readHostConfigFile(join(home, 'config.json'))).toEqual({});
  });

  it('an unknown top-level key is CONFIG_INVALID naming the key and the file', async () => {
    const file = await configFile(JSON.stringify({ sources: [], polciy: { deny: ['x'] } }));
    const e = await failure(readHostConfigFile(file));
    expect(e).toBeInstanceOf(SkillError);
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain(file);
    expect(e.message).toContain('"polciy"');
    expect(e.message.split('\n')).toHaveLength(1);
    expect(e.file).toBe(file);
  });

  it('an unknown nested key names its path', async () => {
    const file = await configFile(JSON.stringify({ skills: { weather: { enabeld: false } } }));
    const e = await failure(readHostConfigFile(file));
    expect(e.message).toMatch(/unknown key "enabeld" at \/skills\/weather/);
    expect(e.message).toContain('allowed keys: enabled');
  });

  it('a wrong enum value lists the allowed values', async () => {
    const file = await configFile(JSON.stringify({ runner: 'docker' }));
    const e = await failure(readHostConfigFile(file));
    expect(e.message).toContain('/runner must be one of "inline", "worker", "sandbox"');
  });

  it("a wrong runner in one skill's settings lists the same allowed values", async () => {
    const file = await configFile(JSON.stringify({ skills: { weather: { runner: 'docker' } } }));
    const e = await failure(readHostConfigFile(file));
    expect(e.message).toContain(
      '/skills/weather/runner must be one of "inline", "worker", "sandbox"',
    );
  });

  it('broken JSON names the file and line', async () => {
    const file = await configFile('{\n  "sources": [],\n  oops\n}');
    const e = await failure(readHostConfigFile(file));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain(`${file}:3`);
  });

  it('a valid file with $schema loads, and the config option merges over it', async () => {
    const file = await configFile(
      JSON.stringify({
        $schema: 'x',
        sources: ['a'],
        skills: { weather: { enabled: true, config: { units: 'metric' } } },
      }),
    );
    const merged = await loadHostConfig(file, {
      skills: { weather: { config: { units: 'imperial' } } },
    });
    expect(merged).toEqual({
      $schema: 'x',
      sources: ['a'],
      skills: { weather: { enabled: true, config: { units: 'imperial' } } },
    });
  });

  it('an unknown key in the config option names the option', async () => {
    const home = await tempDir();
    const e = await failure(loadHostConfig(join(home, 'config.json'), { nope: 1 } as never));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain('config option of createSkillHost');
    expect(e.message).toContain('"nope"');
  });

  it('merge replaces arrays and merges objects', () => {
    expect(
      mergeHostConfig(
        { sources: ['a'], policy: { allow: ['x'], deny: ['y'] } },
        { sources: ['b'], policy: { deny: [] } },
      ),
    ).toEqual({
      sources: ['b'],
      policy: { allow: ['x'], deny: [] },
    });
  });
});
