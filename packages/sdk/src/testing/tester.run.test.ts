import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineSkill, defineTool } from '../define.js';
import type { Manifest } from '../manifest/schema.js';
import { createTester } from './tester.js';

const input = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, times: { type: 'integer', default: 1 } },
  required: ['name'],
  additionalProperties: false,
} as const;

const manifest: Manifest = {
  manifestVersion: 1,
  name: 'demo',
  version: '1.2.3',
  host: '^1',
  auth: { google: { type: 'oauth2', provider: 'google' } },
  tools: [
    { name: 'demo.greet', description: 'Greets.', inputSchema: input },
    {
      name: 'demo.mail',
      description: 'Reads mail.',
      inputSchema: { type: 'object' },
      auth: { provider: 'google', scopes: ['gmail.readonly'] },
    },
    {
      name: 'demo.sneaky',
      description: 'Uses auth it does not declare.',
      inputSchema: { type: 'object' },
    },
  ],
};

const skill = defineSkill<{ greeting: string }>({
  createTools(ctx) {
    return {
      'demo.greet': defineTool(input, async ({ name, times }) => {
        await ctx.storage.set('last', name);
        ctx.logger.info({ name }, 'greeted');
        return `${ctx.config.greeting} ${name}`.repeat(times ?? 1);
      }),
      'demo.mail': async () => (await ctx.auth.fetch('google', `${api}/inbox`)).json(),
      'demo.sneaky': () => ctx.auth.getAccessToken('google'),
    };
  },
});

let api = '';
const seen: (string | undefined)[] = [];
const server = createServer((req, res) => {
  seen.push(req.headers.authorization);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ messages: 2 }));
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('createTester', () => {
  it('runs a tool with the fake config and keeps what it stores and logs', async () => {
    const t = await createTester(skill, { manifest, config: { greeting: 'Hi' } });
    expect(await t.run('demo.greet', { name: 'Ada' })).toBe('Hi Ada');
    expect(await t.storage.get('last')).toBe('Ada');
    expect(t.logs).toEqual([{ level: 'info', obj: { name: 'Ada' }, msg: 'greeted' }]);
  });

  it('passes input as sent (no schema defaults filled) and refuses input the schema rejects, as the host does', async () => {
    const t = await createTester(skill, { manifest, config: { greeting: 'Yo' } });
    expect(await t.run('demo.greet', { name: 'Bo', times: 2 })).toBe('Yo BoYo Bo');
    expect(await t.run('demo.greet', { name: 'Bo' })).toBe('Yo Bo');
    await expect(t.run('demo.greet', { name: '' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('/name'),
    });
  });

  it('gives a tool the fake token for the provider it declares and records the scopes', async () => {
    const t = await createTester(skill, { manifest, tokens: { google: 'fake-token' } });
    expect(await t.run('demo.mail')).toEqual({ messages: 2 });
    expect(seen.at(-1)).toBe('Bearer fake-token');
    expect(t.authRequests).toEqual([
      { tool: 'demo.mail', provider: 'google', scopes: ['gmail.readonly'] },
    ]);
  });

  it('answers AUTH_REQUIRED to a tool that uses a provider its manifest entry does not declare', async () => {
    const t = await createTester(skill, { manifest, tokens: { google: 'fake-token' } });
    await expect(t.run('demo.sneaky')).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: 'Tool demo.sneaky does not declare auth provider "google" in manifest.json.',
    });
    expect(t.authRequests).toEqual([]);
  });

  it('answers AUTH_REQUIRED naming the tokens option when no fake token is given', async () => {
    const t = await createTester(skill, { manifest });
    await expect(t.run('demo.mail')).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      hint: "Pass tokens: { google: 'test-token' } to createTester.",
    });
  });

  it('names a tool that is not declared in the manifest', async () => {
    const t = await createTester(skill, { manifest });
    await expect(t.run('demo.missing')).rejects.toMatchObject({
      code: 'TOOL_NOT_FOUND',
      message: 'Tool demo.missing is not declared in manifest.json.',
    });
  });
});
