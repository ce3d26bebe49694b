// What serve tells an MCP client about itself and its lists: the host package's version,
// the skill:// resource template, and one list_changed per list that changed.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCodeSkill } from '../testing/skill-folders.js';
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

describe('serve as an MCP server', () => {
  it("reports the host package's version as serverInfo.version", async () => {
    const pkg = JSON.parse(
      await readFile(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(client.getServerVersion()).toEqual({
      name: 'openclaw-skill-host',
      version: pkg.version,
    });
  });

  it('answers resources/templates/list with the skill:// document template', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: 'skill://{name}/SKILL.md',
        mimeType: 'text/markdown',
      }),
    ]);
  });

  it('sends each list_changed once per change, and none for a rescan that changed nothing', async () => {
    const seen: string[] = [];
    let toolsChanged!: () => void;
    const changed = new Promise<void>((r) => (toolsChanged = r));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      seen.push('tools');
      toolsChanged();
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      seen.push('resources');
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      seen.push('prompts');
    });
    await fx.serve.host.rescan(); // nothing changed
    await writeCodeSkill(join(fx.workspace, 'skills'), 'extra', { tools: ['ping'] });
    await fx.serve.host.rescan();
    await changed;
    // A later request's answer arrives after notifications sent before it on the stream.
    await client.listTools();
    expect(seen.filter((k) => k === 'tools')).toEqual(['tools']);
    expect(seen.filter((k) => k === 'resources')).toEqual(['resources']);
    expect(seen.filter((k) => k === 'prompts')).toEqual(['prompts']);
  });
});
