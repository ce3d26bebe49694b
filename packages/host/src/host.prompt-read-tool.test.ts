// host.prompt(): with the built-in tools on, the preamble names skills_read as the caller's
// tool format spells it; an embedder with its own file tool says readTool: 'read'; without
// the built-in tools the preamble keeps the read-tool wording.
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost, type SkillHostOptions } from './host.js';
import { tempDir, writeDocsSkill } from './testing/skill-folders.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(over: SkillHostOptions = {}) {
  const root = await tempDir();
  await writeDocsSkill(join(root, 'ws', 'skills'), 'notes', { description: 'Take notes.' });
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: {},
    logger: pino({ level: 'silent' }),
    ...over,
  });
  hosts.push(host);
  return host;
}

describe('host.prompt read tool', () => {
  it('names skills_read by default and skills.read for MCP callers', async () => {
    const host = await open();
    expect(host.prompt().text).toContain('with the `skills_read` tool');
    expect(host.prompt({ toolFormat: 'mcp' }).text).toContain('with the `skills.read` tool');
    expect(host.injectSkills('You are helpful.', { toolFormat: 'openai' })).toContain(
      'with the `skills_read` tool',
    );
  });

  it("readTool: 'read' (the embedder's own file tool) keeps the read-tool wording", async () => {
    const host = await open();
    expect(host.prompt({ readTool: 'read' }).text).toContain('with the read tool, then follow it.');
  });

  it('without the built-in tools the preamble says the read tool', async () => {
    const host = await open({ hostTools: false });
    expect(host.prompt().text).toContain('with the read tool, then follow it.');
  });
});
