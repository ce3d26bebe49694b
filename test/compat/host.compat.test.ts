// The compat corpus through the public host API: statuses, and the PATH option making a
// skill ready and offered in the prompt.
import { join } from 'node:path';
import { createSkillHost, type SkillHost, type SkillHostOptions } from '@openclaw/skill-host';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeFakeBins } from '../../packages/host/src/testing/skill-folders.js';
import { compatDir as compat } from './corpus.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(over: SkillHostOptions = {}) {
  const root = await tempDir();
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    ...over,
    env: { PATH: '', OPENCLAW_SKILLS_LOG_LEVEL: 'silent', ...over.env },
  });
  hosts.push(host);
  return { host, root };
}

describe('createSkillHost: the compatibility corpus', () => {
  it('63 skills with expected statuses; binaries on the PATH option make them ready', async () => {
    const sources = [join(compat, 'openclaw'), join(compat, 'agentskills')];
    const { host } = await open({ sources, hostTools: false });
    expect(host.skills).toHaveLength(63);
    const op = host.skills.find((s) => s.name === '1password')!;
    expect(op.status).toBe('ineligible');
    expect(op.problems.map((p) => p.message)).toContain('requires binary `op` on PATH');
    expect(host.skills.find((s) => s.name === 'canvas')!.status).toBe('ready');
    expect(host.skills.find((s) => s.name === 'discord')!.status).toBe('ineligible');

    const path = await tempDir();
    await writeFakeBins(path, ['op']);
    const { host: withOp } = await open({ sources, env: { PATH: path } });
    expect(withOp.skills.find((s) => s.name === '1password')!.status).toBe('ready');
    // Ready skills are offered in the prompt block; ineligible ones are not.
    expect(withOp.prompt().included).toContain('1password');
    expect(withOp.prompt().included).not.toContain('github');
  });
});
