// Worker and sandbox runners carry the call id over their RPC: the host side of ctx.auth runs
// in the scope of the call the request came from (its tool, call id and session), so a tool
// gets tokens for its own scopes only, even with calls of sibling tools in flight. A request
// made outside any call (createTools, a stray timer) runs without a scope.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import { skillRecord } from '../testing/records.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { currentCallScope } from './call-scope.js';
import { createSandboxRunner } from './sandbox.js';
import type { ActiveSkill, Runner } from './types.js';
import { createWorkerRunner } from './worker.js';

// The first request is made in createTools (no call); each tool waits a timer first, so the
// scope must survive async hops inside the runner.
const code = `export default { async createTools(ctx) {
  const early = await ctx.auth.getAccessToken('g');
  const ask = async () => { await new Promise((r) => setTimeout(r, 5)); return ctx.auth.getAccessToken('g'); };
  return { 'demo.read': ask, 'demo.send': ask, 'demo.early': () => early };
} };`;

const actives: ActiveSkill[] = [];
afterEach(async () => {
  await Promise.all(actives.splice(0).map((a) => a.dispose()));
});

async function activate(runner: Runner) {
  const dir = await writeCodeSkill(await tempDir(), 'demo', {
    tools: ['read', 'send', 'early'],
    code,
  });
  const record = skillRecord({
    name: 'demo',
    dir,
    entry: join(dir, 'index.js'),
    tools: ['demo.read', 'demo.send', 'demo.early'],
    manifest: {
      manifestVersion: 1,
      name: 'demo',
      description: 'd',
      auth: { g: { type: 'oauth2', provider: 'google' } },
    } as never,
  });
  const ctx = createTestContext({ name: 'demo' });
  ctx.auth.getAccessToken = async () => {
    const scope = currentCallScope();
    return scope ? `${scope.tool}/${scope.callId}/${scope.session ?? '-'}` : 'no scope';
  };
  const active = await runner.activate(record, ctx);
  actives.push(active);
  return active;
}

const info = (callId: string, session?: string) => ({
  signal: new AbortController().signal,
  callId,
  ...(session && { session }),
});

describe.each([
  ['worker', () => createWorkerRunner()],
  ['sandbox', () => createSandboxRunner()],
] as const)('%s runner call scope', (_kind, make) => {
  it('concurrent calls of sibling tools each reach ctx.auth in their own scope', async () => {
    const active = await activate(make());
    const results = await Promise.all([
      active.invoke('demo.read', {}, info('c1', 's1')),
      active.invoke('demo.send', {}, info('c2')),
      active.invoke('demo.read', {}, info('c3', 's3')),
    ]);
    expect(results).toEqual(['demo.read/c1/s1', 'demo.send/c2/-', 'demo.read/c3/s3']);
  });

  it('a request from createTools runs without a call scope', async () => {
    const active = await activate(make());
    expect(await active.invoke('demo.early', {}, info('c1'))).toBe('no scope');
  });
});
