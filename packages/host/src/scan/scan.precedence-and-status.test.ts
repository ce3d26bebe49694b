import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostConfig } from '../config/schema.js';
import { listSources } from '../sources/list.js';
import { tempDir, writeCodeSkill, writeDocsSkill } from '../testing/skill-folders.js';
import { skillRecord } from '../testing/records.js';
import { applyCollisions } from './resolve.js';
import { scanSkills } from './scan.js';

async function setup() {
  const root = await tempDir();
  const workspace = join(root, 'ws');
  const userHome = join(root, 'home');
  const home = join(root, 'host');
  const extra = join(root, 'extra');
  return { root, workspace, userHome, home, extra };
}

async function scan(s: Awaited<ReturnType<typeof setup>>, config: HostConfig = {}) {
  const sources = listSources({
    workspace: s.workspace,
    userHome: s.userHome,
    home: s.home,
    extra: [s.extra],
  });
  return scanSkills({
    sources,
    config,
    configFile: join(s.home, 'config.json'),
    env: { PATH: '' },
  });
}

describe('scan: precedence and shadowing', () => {
  it('workspace beats .agents beats ~/.agents beats ~/.openclaw beats store beats extra; losers stay listed', async () => {
    const s = await setup();
    const dirs = [
      join(s.workspace, 'skills'),
      join(s.workspace, '.agents', 'skills'),
      join(s.userHome, '.agents', 'skills'),
      join(s.userHome, '.openclaw', 'skills'),
      join(s.home, 'store'),
      s.extra,
    ];
    for (const [i, d] of dirs.entries())
      await writeDocsSkill(d, 'notes', { description: `copy ${i}` });
    await writeDocsSkill(dirs[3]!, 'only-user-openclaw');
    const { records } = await scan(s);
    const notes = records.filter((r) => r.name === 'notes');
    expect(notes.map((r) => r.description)).toEqual([
      'copy 0',
      'copy 1',
      'copy 2',
      'copy 3',
      'copy 4',
      'copy 5',
    ]);
    expect(notes[0]!.shadowedBy).toBeUndefined();
    expect(notes.slice(1).every((r) => r.shadowedBy === join(dirs[0]!, 'notes'))).toBe(true);
    expect(notes.map((r) => r.source.kind)).toEqual([
      'workspace',
      'workspace-agents',
      'user-agents',
      'user-openclaw',
      'store',
      'extra',
    ]);
    expect(records.find((r) => r.name === 'only-user-openclaw')?.shadowedBy).toBeUndefined();
  });

  it('an extra source only fills in names no earlier source has', async () => {
    const s = await setup();
    await writeDocsSkill(join(s.workspace, '.agents', 'skills'), 'a', { description: 'agents a' });
    await writeDocsSkill(s.extra, 'a', { description: 'extra a' });
    await writeDocsSkill(s.extra, 'b', { description: 'extra b' });
    const { records } = await scan(s);
    const winners = records.filter((r) => !r.shadowedBy).map((r) => [r.name, r.description]);
    expect(winners).toEqual([
      ['a', 'agents a'],
      ['b', 'extra b'],
    ]);
  });
});

describe('scan: statuses of code skills', () => {
  it('ready code skill: tools with defaults, entry resolved, config defaults applied', async () => {
    const s = await setup();
    await writeCodeSkill(join(s.workspace, 'skills'), 'echo', {
      tools: ['say'],
      manifest: {
        config: { type: 'object', properties: { loud: { type: 'boolean', default: false } } },
        auth: { key: { type: 'apiKey', env: 'ECHO_KEY' } },
        tools: [
          {
            name: 'echo.say',
            description: 'Say it.',
            inputSchema: { type: 'object' },
            auth: { provider: 'key' },
          },
        ],
      },
    });
    const { records } = await scan(s);
    const [r] = records;
    expect(r).toMatchObject({
      name: 'echo',
      status: 'ready',
      kind: 'code',
      version: '1.0.0',
      config: { loud: false },
    });
    expect(r!.entry).toBe(join(s.workspace, 'skills', 'echo', 'index.js'));
    expect(r!.tools).toEqual([
      expect.objectContaining({
        name: 'echo.say',
        skill: 'echo',
        tool: 'say',
        timeoutMs: 60_000,
        maxResultChars: 50_000,
        ownerOnly: false,
        auth: { provider: 'key', scopes: [] },
      }),
    ]);
  });

  it('disabled in the config, invalid settings, unsupported host range', async () => {
    const s = await setup();
    const dir = join(s.workspace, 'skills');
    await writeCodeSkill(dir, 'off');
    await writeCodeSkill(dir, 'picky', {
      manifest: {
        config: {
          type: 'object',
          properties: { units: { enum: ['metric', 'imperial'] } },
          additionalProperties: false,
        },
      },
    });
    await writeCodeSkill(dir, 'future', { manifest: { host: '^2' } });
    await writeCodeSkill(dir, 'broken', {
      manifest: {
        tools: [{ name: 'wrong.prefix', description: 'x', inputSchema: { type: 'object' } }],
      },
    });
    const { records } = await scan(s, {
      skills: { off: { enabled: false }, picky: { config: { units: 'kelvin' } } },
    });
    const by = Object.fromEntries(records.map((r) => [r.name, r]));
    expect(by.off!.status).toBe('disabled');
    expect(by.picky!.status).toBe('ineligible');
    expect(by.picky!.problems[0]).toMatchObject({
      code: 'CONFIG_INVALID',
      field: '/skills/picky/config/units',
      file: join(s.home, 'config.json'),
    });
    expect(by.future!.status).toBe('ineligible');
    expect(by.future!.problems.map((p) => p.code)).toEqual(['HOST_RANGE_UNSATISFIED']);
    expect(by.broken!.status).toBe('invalid');
  });

  it('two ready skills whose tools share a wire name: the later one is invalid, naming both', async () => {
    // `alpha.x_y` and `alpha_x.y` both become `alpha_x_y` on the wire.
    const alpha = skillRecord({ name: 'alpha', tools: ['alpha.x_y'] });
    const later = skillRecord({
      name: 'alpha_x',
      tools: ['alpha_x.y'],
      source: { kind: 'extra', dir: '/extra', precedence: 10 },
    });
    const { records: out, problems } = applyCollisions([later, alpha]);
    expect(out.map((r) => [r.name, r.status])).toEqual([
      ['alpha', 'ready'],
      ['alpha_x', 'invalid'],
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.code).toBe('NAME_COLLISION');
    expect(problems[0]!.message).toContain('"alpha"');
    expect(problems[0]!.message).toContain('"alpha_x"');
    expect(problems[0]!.file).toBe('/extra/alpha_x/manifest.json');
    expect(out[1]!.problems).toContainEqual(problems[0]);
  });
});

describe('scan: which folders are skills', () => {
  it('children without SKILL.md or manifest.json are skipped; a manifest without SKILL.md is an invalid skill', async () => {
    const { mkdir, writeFile } = await import('node:fs/promises');
    const s = await setup();
    const dir = join(s.workspace, 'skills');
    await writeDocsSkill(dir, 'real');
    await mkdir(join(dir, 'stray'), { recursive: true });
    await writeFile(join(dir, 'stray', 'package.json'), '{"name":"stray"}');
    await mkdir(join(dir, 'half'), { recursive: true });
    await writeFile(
      join(dir, 'half', 'manifest.json'),
      JSON.stringify({ manifestVersion: 1, name: 'half' }),
    );
    const { records } = await scan(s);
    expect(records.map((r) => [r.name, r.status])).toEqual([
      ['half', 'invalid'],
      ['real', 'ready'],
    ]);
  });
});

describe('scan: names that are Object.prototype members', () => {
  it('a skill named constructor gets no settings from the prototype', async () => {
    const s = await setup();
    await writeDocsSkill(join(s.workspace, 'skills'), 'constructor');
    const { records } = await scan(s, { skills: {} });
    expect(records.map((r) => [r.name, r.status, r.config])).toEqual([
      ['constructor', 'ready', {}],
    ]);
  });
});
