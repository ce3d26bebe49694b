import { describe, expect, it } from 'vitest';
import { skillFolders } from './skill-folders.fixtures.js';
import { validateSkill } from './validate-skill.js';
import { isReservedEnvName } from './reserved-env.js';

const skill = skillFolders('oc-reserved-env-');

const files = (manifestExtra: object) => ({
  'SKILL.md': '---\nname: gmail\ndescription: Read and send Gmail.\n---\n',
  'package.json': {
    name: '@me/skill-gmail',
    version: '1.0.0',
    type: 'module',
    keywords: ['openclaw-skill'],
    exports: './index.js',
  },
  'index.js': 'export default { createTools: () => ({}) };\n',
  'manifest.json': {
    manifestVersion: 1,
    name: 'gmail',
    tools: [{ name: 'gmail.list', description: 'List.', inputSchema: { type: 'object' } }],
    ...manifestExtra,
  },
});

describe('env names the host keeps for itself', () => {
  it('OPENCLAW_*, NODE_* but NODE_ENV, npm_config_* and the keyring address are reserved, any case', () => {
    for (const name of [
      'OPENCLAW_GOOGLE_CLIENT_SECRET',
      'OPENCLAW_GITHUB_CLIENT_ID',
      'OPENCLAW_SKILLS_HOME',
      'OPENCLAW_SKILLS_DATABASE_URL',
      'OPENCLAW_SKILLS_ENCRYPTION_KEY',
      'openclaw_skills_home',
      'NODE_OPTIONS',
      'NODE_PATH',
      'NODE_EXTRA_CA_CERTS',
      'NODE_CHANNEL_FD',
      'npm_config_registry',
      'DBUS_SESSION_BUS_ADDRESS',
    ])
      expect([name, isReservedEnvName(name)]).toEqual([name, true]);
    for (const name of ['NODE_ENV', 'WEATHER_KEY', 'OPENAI_API_KEY', 'HOME', 'OPENCLAWX'])
      expect([name, isReservedEnvName(name)]).toEqual([name, false]);
  });

  it('validate reports PERMISSION_RESERVED for each reserved name in permissions.env, naming it and its line', async () => {
    const dir = await skill(
      files({
        permissions: {
          env: ['GMAIL_LABEL', 'OPENCLAW_GOOGLE_CLIENT_SECRET', 'OPENCLAW_SKILLS_HOME'],
        },
      }),
    );
    const r = await validateSkill(dir);
    expect(r.ok).toBe(false);
    const reserved = r.problems.filter((p) => p.code === 'PERMISSION_RESERVED');
    expect(reserved.map((p) => [p.field, p.severity])).toEqual([
      ['permissions.env[1]', 'error'],
      ['permissions.env[2]', 'error'],
    ]);
    expect(reserved[0]!.message).toContain(
      'permissions.env[1] "OPENCLAW_GOOGLE_CLIENT_SECRET" is reserved for the host',
    );
    expect(reserved[1]!.message).toContain('"OPENCLAW_SKILLS_HOME"');
    expect(reserved[0]!.line).toBeGreaterThan(0);
  });

  it("an apiKey auth entry's env naming NODE_OPTIONS is PERMISSION_RESERVED; NODE_ENV is not", async () => {
    const dir = await skill(
      files({
        auth: { key: { type: 'apiKey', env: 'NODE_OPTIONS' } },
        permissions: { env: ['NODE_ENV'] },
      }),
    );
    const r = await validateSkill(dir);
    expect(r.problems.filter((p) => p.code === 'PERMISSION_RESERVED')).toEqual([
      expect.objectContaining({
        field: 'auth.key.env',
        message: expect.stringContaining('"NODE_OPTIONS"'),
      }),
    ]);
  });
});
