import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import { skillRecord } from '../testing/records.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { currentCallScope } from './call-scope.js';
import { createInlineRunner } from './inline.js';

// Each tool awaits a timer before asking ctx.auth, so the scope must survive async hops.
const code = `export default { createTools(ctx) {
  const ask = async () => { await new Promise((r) => setTimeout(r, 1)); return ctx.auth.getAccessToken('g'); };
  return { 'demo.read': ask, 'demo.send': ask };
} };`;

async function activate(manifest: Record<string, unknown>) {
  const dir = await writeCodeSkill(await tempDir(), 'demo', { tools: ['read', 'send'], code });
  const record = skillRecord({
    name: 'demo',
    dir,
    entry: join(dir, 'index.js'),
    tools: ['demo.read', 'demo.send'],
    manifest: { manifestVersion: 1, name: 'demo', description: 'd', ...manifest } as never,
  });
  const ctx = createTestContext({ name: 'demo' });
  // The host side of ctx.auth: answers with the call it finds itself running for.
  ctx.auth.getAccessToken = async () => {
    const scope = currentCallScope();
    return scope ? `${scope.tool}/${scope.callId}/${scope.session ?? '-'}` : 'no scope';
  };
  return createInlineRunner().activate(record, ctx);
}

const info = (callId: string, session?: string) => ({
  signal: new AbortController().signal,
  callId,
  ...(session && { session }),
});

describe('inline runner call scope', () => {
  it('ctx.auth inside concurrent calls of a skill that declares auth sees its own tool, call id and session', async () => {
    const active = await activate({ auth: { g: { type: 'oauth2', provider: 'google' } } });
    const results = await Promise.all([
      active.invoke('demo.read', {}, info('c1', 's1')),
      active.invoke('demo.send', {}, info('c2')),
    ]);
    expect(results).toEqual(['demo.read/c1/s1', 'demo.send/c2/-']);
  });

  it('a skill without auth runs without entering a scope', async () => {
    const active = await activate({});
    expect(await active.invoke('demo.read', {}, info('c1'))).toBe('no scope');
  });
});
