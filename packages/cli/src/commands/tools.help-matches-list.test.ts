// `tools --help` says what `tools` lists, and the list holds it: a skill that loaded but still
// needs an OAuth login has its tools listed, marked auth:<provider>, next to the host's own.
import { afterEach, describe, expect, it } from 'vitest';
import { authCliEnv, type AuthCliEnv } from './auth.fixtures.js';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { TOOLS_LISTED } from './tools.js';

let env: AuthCliEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe('openclaw-skill tools', () => {
  it('--help describes the list (loaded skills, those needing a login, MCP servers, skills.*), not "ready skills"', async () => {
    const io = memoryIo();
    expect(await run(['tools', '--help'], io)).toBe(0);
    expect(io.out).toContain(TOOLS_LISTED);
    expect(io.out).not.toContain('tools of ready skills');
    expect(TOOLS_LISTED).toMatch(/still need an OAuth login/);
  });

  it('lists the tools of a skill whose status is needs-login, marked auth:google, and the host tools', async () => {
    env = await authCliEnv();
    const list = await env.cli(['list', '--json']);
    expect(
      (JSON.parse(list.out) as { name: string; status: string }[]).find((s) => s.name === 'mail'),
    ).toMatchObject({ status: 'needs-login' });
    const r = await env.cli(['tools']);
    expect(r.code).toBe(0);
    const names = r.out
      .trimEnd()
      .split('\n')
      .map((l) => l.split(/\s+/)[0]);
    expect(names).toEqual([
      'mail.leak',
      'mail.list',
      'skills.read',
      'skills.search',
      'tools.search',
    ]);
    expect(r.out).toMatch(/^mail\.list .*\[auth:google\]$/m);
  });
});
