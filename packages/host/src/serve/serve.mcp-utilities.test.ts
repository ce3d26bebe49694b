// serve's MCP utilities with the SDK client over Streamable HTTP: logging/setLevel,
// resources/subscribe with an update when the subscribed file changes, progress around a call
// given a progressToken, and completion of the skill name in the skill:// template.
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocsSkill } from '../testing/skill-folders.js';
import { httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let client: Client;

beforeAll(async () => {
  fx = await serveFixture();
  client = await httpClient(fx.serve);
});
afterAll(async () => {
  await client?.close();
  await fx?.cleanup();
});

describe('MCP utilities on serve', () => {
  it('declares logging, completions and resource subscriptions', () => {
    expect(client.getServerCapabilities()).toMatchObject({
      logging: {},
      completions: {},
      resources: { subscribe: true },
    });
  });

  it('accepts logging/setLevel with an empty result', async () => {
    expect(await client.setLoggingLevel('warning')).toEqual({});
  });

  it('sends notifications/resources/updated for a subscribed SKILL.md whose text changed, once', async () => {
    const uri = 'skill://guide/SKILL.md';
    const updated: string[] = [];
    const first = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        updated.push(n.params.uri);
        resolve();
      }),
    );
    expect(await client.subscribeResource({ uri })).toEqual({});
    await writeDocsSkill(join(fx.workspace, 'skills'), 'guide', {
      description: 'How to use the notes, revised.',
      body: '# Guide\n\nRevised.\n',
    });
    await fx.serve.host.rescan();
    await first;
    expect(updated).toEqual([uri]);
    const read = await client.readResource({ uri });
    expect(JSON.stringify(read.contents)).toContain('Revised.');
    expect(await client.unsubscribeResource({ uri })).toEqual({});
  });

  it('reports progress 0 then 1 of 1 around a tool call given a progressToken', async () => {
    const seen: number[] = [];
    const { tools } = await client.listTools();
    const name = tools.find((t) => t.name.startsWith('notes'))!.name;
    await client.callTool({ name, arguments: { id: '1' } }, undefined, {
      onprogress: (p) => seen.push(p.progress),
    });
    expect(seen).toEqual([0, 1]);
  });

  it('completes the skill name of the skill:// template from what was typed', async () => {
    const r = await client.complete({
      ref: { type: 'ref/resource', uri: 'skill://{name}/SKILL.md' },
      argument: { name: 'name', value: 'gu' },
    });
    expect(r.completion.values).toEqual(['guide']);
  });
});
