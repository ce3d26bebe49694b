// OpenClaw's requires.config: each dotted path must be set and truthy in the host config, or
// the skill is ineligible with the path named. Fixtures use the keys and shapes of OpenClaw's
// bundled channel skills (a channel section, a channel token, a plugin switch).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { configPathTruthy } from './config-path.js';

const SKILLS: Record<string, string> = {
  bluebubbles:
    'metadata: { "openclaw": { "emoji": "b", "requires": { "config": ["channels.bluebubbles"] } } }',
  discord:
    'metadata: { "openclaw": { "requires": { "config": ["channels.discord.token"] } } }\nallowed-tools: ["message"]',
  slack: 'metadata: { "openclaw": { "requires": { "config": ["channels.slack"] } } }',
  'voice-call': [
    'metadata:',
    '  {',
    '    "openclaw":',
    '      {',
    '        "skillKey": "voice-call",',
    '        "requires": { "config": ["plugins.entries.voice-call.enabled"] },',
    '      },',
    '  }',
  ].join('\n'),
};

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function hostWith(config: Record<string, unknown> | undefined) {
  const root = await tempDir();
  for (const [name, extra] of Object.entries(SKILLS)) {
    const dir = join(root, 'ws', 'skills', name);
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Uses ${name}.\n${extra}\n---\n# ${name}\n`,
    );
  }
  const home = join(root, 'home');
  await mkdir(home, { recursive: true });
  if (config) await writeFile(join(home, 'config.json'), JSON.stringify(config));
  const host = await createSkillHost({
    home,
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: '', OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
    hostTools: false,
  });
  hosts.push(host);
  const status = Object.fromEntries(host.skills.map((s) => [s.name, s.status]));
  return { host, home, status };
}

describe('requires.config decides eligibility', () => {
  it('with no such settings, the four channel skills are ineligible, each naming its path and the config file', async () => {
    const { host, home, status } = await hostWith(undefined);
    expect(status).toEqual({
      bluebubbles: 'ineligible',
      discord: 'ineligible',
      slack: 'ineligible',
      'voice-call': 'ineligible',
    });
    const discord = host.skills.find((s) => s.name === 'discord')!;
    expect(discord.problems).toEqual([
      expect.objectContaining({
        code: 'REQUIRES_CONFIG',
        field: 'metadata.openclaw.requires.config',
        file: expect.stringMatching(/discord\/SKILL\.md$/),
      }),
    ]);
    expect(discord.problems[0]!.message).toBe(
      `requires \`channels.discord.token\` to be set (not false or empty) in ${join(home, 'config.json')}`,
    );
  });

  it('set and truthy paths make a skill ready; false, empty or missing ones do not', async () => {
    const { status } = await hostWith({
      channels: { discord: { token: 'x' }, slack: { enabled: true }, bluebubbles: '' },
      plugins: { entries: { 'voice-call': { enabled: false } } },
    });
    expect(status).toEqual({
      bluebubbles: 'ineligible',
      discord: 'ready',
      slack: 'ready',
      'voice-call': 'ineligible',
    });
  });
});

describe('configPathTruthy', () => {
  it.each([
    [{ a: { b: 1 } }, 'a.b', true],
    [{ a: { b: 0 } }, 'a.b', false],
    [{ a: { b: 'x' } }, 'a', true],
    [{ a: {} }, 'a.b', false],
    [{ a: null }, 'a.b', false],
    [{}, 'toString', false],
    [{ a: 1 }, '', false],
  ])('%j at %s is %s', (config, path, expected) => {
    expect(configPathTruthy(config, path)).toBe(expected);
  });
});
