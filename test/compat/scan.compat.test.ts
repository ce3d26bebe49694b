// The 63 real skills of the compat corpus (OpenClaw and Agent Skills) scanned as extra
// sources with a PATH the test controls.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../packages/host/src/catalog/types.js';
import type { HostConfig } from '../../packages/host/src/config/schema.js';
import { scanSkills } from '../../packages/host/src/scan/scan.js';
import { listSources } from '../../packages/host/src/sources/list.js';
import { tempDir, writeFakeBins } from '../../packages/host/src/testing/skill-folders.js';
import { compatDir as compat } from './corpus.js';

const openclaw = join(compat, 'openclaw');
const agentskills = join(compat, 'agentskills');

async function scanCompat(env: NodeJS.ProcessEnv, config: HostConfig = {}) {
  const nowhere = await tempDir();
  const sources = listSources({
    workspace: nowhere,
    userHome: nowhere,
    home: nowhere,
    extra: [openclaw, agentskills],
  });
  return scanSkills({ sources, config, configFile: join(nowhere, 'config.json'), env });
}

const find = (records: SkillRecord[], name: string, dirPrefix = openclaw) =>
  records.find((r) => r.name === name && r.dir.startsWith(dirPrefix))!;

const DARWIN_ONLY = [
  'apple-notes',
  'apple-reminders',
  'bear-notes',
  'imsg',
  'model-usage',
  'peekaboo',
  'things-mac',
];
const NEEDS_ENV = {
  GOOGLE_PLACES_API_KEY: 'k',
  NOTION_API_KEY: 'k',
  OPENAI_API_KEY: 'k',
  ELEVENLABS_API_KEY: 'k',
  SHERPA_ONNX_RUNTIME_DIR: '/x',
  SHERPA_ONNX_MODEL_DIR: '/x',
  TRELLO_API_KEY: 'k',
  TRELLO_TOKEN: 'k',
};

describe('scan of the compatibility corpus', () => {
  it('finds all 63 skills; canvas (no frontmatter) loads with a warning naming its file', async () => {
    const { records } = await scanCompat({ PATH: await tempDir() });
    expect(records).toHaveLength(63);
    expect(records.filter((r) => r.dir.startsWith(openclaw))).toHaveLength(53);
    const canvas = find(records, 'canvas');
    expect(canvas.status).toBe('ready');
    expect(canvas.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_NO_FRONTMATTER',
        severity: 'warning',
        file: join(openclaw, 'canvas', 'SKILL.md'),
      }),
    ]);
    expect(records.filter((r) => r.status === 'invalid').map((r) => r.name)).toEqual([]);
  });

  it('bluebubbles, discord, slack and voice-call are ineligible until their config paths are set', async () => {
    const CHANNELS = ['bluebubbles', 'discord', 'slack', 'voice-call'];
    const { records } = await scanCompat({ PATH: await tempDir() });
    for (const name of CHANNELS) {
      const r = find(records, name);
      expect(r.status, name).toBe('ineligible');
      expect(r.problems.map((p) => p.code)).toEqual(['REQUIRES_CONFIG']);
    }
    expect(find(records, 'discord').problems[0]!.message).toContain('`channels.discord.token`');
    const set = await scanCompat(
      { PATH: await tempDir() },
      {
        channels: { bluebubbles: { url: 'x' }, discord: { token: 't' }, slack: { enabled: true } },
        plugins: { entries: { 'voice-call': { enabled: true } } },
      },
    );
    for (const name of CHANNELS) expect(find(set.records, name).status, name).toBe('ready');
  });

  it('an OpenClaw skill whose binary is missing is ineligible with the binary named', async () => {
    const { records } = await scanCompat({ PATH: await tempDir() });
    const op = find(records, '1password');
    expect(op.status).toBe('ineligible');
    expect(op.problems.map((p) => p.message)).toContain('requires binary `op` on PATH');
    const github = find(records, 'github');
    expect(github.problems.filter((p) => p.code === 'REQUIRES_BIN').map((p) => p.message)).toEqual([
      'requires binary `gh` on PATH',
    ]);
    expect(
      find(records, 'notion')
        .problems.map((p) => p.message)
        .join(),
    ).toContain('`NOTION_API_KEY`');
  });

  it('skills without requirements and every Agent Skills skill are ready', async () => {
    const { records } = await scanCompat({ PATH: await tempDir() });
    for (const name of ['healthcheck', 'node-connect', 'taskflow', 'canvas'])
      expect(find(records, name).status).toBe('ready');
    const agent = records.filter((r) => r.dir.startsWith(agentskills));
    expect(agent).toHaveLength(10);
    expect(agent.every((r) => r.status === 'ready')).toBe(true);
  });

  it('the same name in two sources: the earlier source wins, the other is listed as shadowed', async () => {
    const { records } = await scanCompat({ PATH: await tempDir() });
    const creators = records.filter((r) => r.name === 'skill-creator');
    expect(creators.map((r) => [r.dir, r.shadowedBy])).toEqual([
      [join(openclaw, 'skill-creator'), undefined],
      [join(agentskills, 'skill-creator'), join(openclaw, 'skill-creator')],
    ]);
  });

  it('with the binaries on PATH and the env set, all but the config-gated and other-OS skills are ready', async () => {
    const first = await scanCompat({ PATH: await tempDir() });
    const bins = new Set<string>();
    for (const r of first.records) {
      const req = (r.doc?.openclaw?.requires ?? {}) as { bins?: string[]; anyBins?: string[] };
      for (const b of [...(req.bins ?? []), ...(req.anyBins ?? [])]) bins.add(b);
    }
    expect(bins.size).toBeGreaterThan(30);
    const path = await tempDir();
    await writeFakeBins(path, [...bins]);
    const { records } = await scanCompat({ PATH: path, ...NEEDS_ENV });
    const notReady = records
      .filter((r) => r.status !== 'ready')
      .map((r) => r.name)
      .sort();
    const otherOs = process.platform === 'darwin' ? [] : DARWIN_ONLY;
    const configGated = ['bluebubbles', 'discord', 'slack', 'voice-call'];
    expect(notReady).toEqual([...configGated, ...otherOs].sort());
    if (process.platform !== 'darwin') {
      expect(find(records, 'imsg').problems.map((p) => p.code)).toEqual(['REQUIRES_OS']);
    }
  });

  it('runs no skill code and leaves records frozen', async () => {
    const { records } = await scanCompat({ PATH: await tempDir() });
    const r = find(records, 'weather');
    expect(Object.isFrozen(r)).toBe(true);
    expect(Object.isFrozen(r.problems)).toBe(true);
    expect(r.kind).toBe('docs');
    expect(r.entry).toBeUndefined();
    expect(r.location).toBe(join(openclaw, 'weather', 'SKILL.md'));
    expect(r.emoji).toBe('☔');
  });
});
