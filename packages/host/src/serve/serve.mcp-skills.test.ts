// MCP's Skills extension served: skills/list and skills/get with frontmatter and the digests
// of the bytes served, every file a skill:// resource (text and binary), directory reads,
// the caller's policy deciding which skills show, and a change announced when a file changes.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let client: Client;
const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x00]);

beforeAll(async () => {
  fx = await serveFixture();
  const guide = join(fx.workspace, 'skills', 'guide');
  await mkdir(join(guide, 'assets'), { recursive: true });
  await writeFile(join(guide, 'assets', 'logo.png'), LOGO);
  await writeFile(join(guide, 'reference.md'), '# Reference\n');
  await fx.serve.host.rescan();
  client = await httpClient(fx.serve);
});
afterAll(async () => {
  await client?.close();
  await fx?.cleanup();
});

const Entry = z.object({
  uri: z.string(),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
});
const ListResult = z.looseObject({ skills: z.array(Entry) });
const GetResult = z.looseObject({ skill: Entry });
const DirResult = z.looseObject({
  resources: z.array(z.looseObject({ uri: z.string(), name: z.string(), mimeType: z.string() })),
});
const sha256 = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const list = () => client.request({ method: 'skills/list', params: {} }, ListResult);

describe('the Skills extension served', () => {
  it('declares io.modelcontextprotocol/skills with directoryRead beside resources', () => {
    const caps = client.getServerCapabilities() as Record<string, unknown>;
    expect(caps.extensions).toEqual({ 'io.modelcontextprotocol/skills': { directoryRead: true } });
    expect(caps.resources).toBeDefined();
  });

  it('lists every ready skill with its SKILL.md URI, frontmatter, and the digest and size of each file', async () => {
    const r = await list();
    expect(r).toMatchObject({ resultType: 'complete', ttlMs: expect.any(Number) as number });
    expect(r.skills.map((s) => s.uri)).toEqual([
      'skill://guide/SKILL.md',
      'skill://notes/SKILL.md',
    ]);
    const guide = r.skills[0]!;
    expect(guide.frontmatter).toMatchObject({
      name: 'guide',
      description: 'How to use the notes.',
    });
    expect(guide.resources.map((f) => f.uri)).toEqual([
      'skill://guide/SKILL.md',
      'skill://guide/assets/logo.png',
      'skill://guide/reference.md',
    ]);
    const onDisk = await readFile(join(fx.workspace, 'skills', 'guide', 'SKILL.md'));
    expect(guide.resources[0]).toEqual({
      uri: 'skill://guide/SKILL.md',
      digest: sha256(onDisk),
      size: onDisk.length,
    });
  });

  it('serves each listed file through resources/read with the listed digest: text as text, binary as a blob', async () => {
    const { skills } = await list();
    for (const f of skills.flatMap((s) => s.resources)) {
      const { contents } = await client.readResource({ uri: f.uri });
      const c = contents[0] as { text?: string; blob?: string };
      const bytes =
        c.blob !== undefined ? Buffer.from(c.blob, 'base64') : Buffer.from(c.text!, 'utf8');
      expect({ uri: f.uri, digest: sha256(bytes), size: bytes.length }).toEqual(f);
    }
    const logo = await client.readResource({ uri: 'skill://guide/assets/logo.png' });
    expect(logo.contents[0]).toMatchObject({
      mimeType: 'image/png',
      blob: LOGO.toString('base64'),
    });
  });

  it('answers skills/get for a served skill and -32602 for any other URI', async () => {
    const r = await client.request(
      { method: 'skills/get', params: { uri: 'skill://notes/SKILL.md' } },
      GetResult,
    );
    expect(r.skill.uri).toBe('skill://notes/SKILL.md');
    await expect(
      client.request({ method: 'skills/get', params: { uri: 'skill://nope/SKILL.md' } }, GetResult),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('reads a skill folder and a sub-folder with resources/directory/read, and refuses a file', async () => {
    const root = await client.request(
      { method: 'resources/directory/read', params: { uri: 'skill://guide' } },
      DirResult,
    );
    expect(root.resources).toEqual([
      expect.objectContaining({ uri: 'skill://guide/SKILL.md', name: 'SKILL.md' }),
      { uri: 'skill://guide/assets', name: 'assets', mimeType: 'inode/directory' },
      expect.objectContaining({ uri: 'skill://guide/reference.md', name: 'reference.md' }),
    ]);
    const assets = await client.request(
      { method: 'resources/directory/read', params: { uri: 'skill://guide/assets' } },
      DirResult,
    );
    expect(assets.resources.map((r) => r.uri)).toEqual(['skill://guide/assets/logo.png']);
    await expect(
      client.request(
        { method: 'resources/directory/read', params: { uri: 'skill://guide/SKILL.md' } },
        DirResult,
      ),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('announces resources/list_changed when a file of a skill changes; the next list has the new digest', async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    const file = join(fx.workspace, 'skills', 'guide', 'reference.md');
    await writeFile(file, '# Reference\n\nNew text.\n');
    await fx.serve.host.rescan();
    await changed;
    const guide = (await list()).skills[0]!;
    const ref = guide.resources.find((f) => f.uri === 'skill://guide/reference.md')!;
    expect(ref.digest).toBe(sha256(await readFile(file)));
  });
});

describe('skills/list and the caller policy', () => {
  it('leaves out a skill the policy hides, as the prompt block does', async () => {
    const other = await serveFixture({ config: { policy: { deny: ['notes.*'] } } });
    const c = await httpClient(other.serve);
    try {
      const r = await c.request({ method: 'skills/list', params: {} }, ListResult);
      expect(r.skills.map((s) => s.frontmatter.name)).toEqual(['guide']);
      const block = await c.getPrompt({ name: 'available_skills', arguments: {} });
      const text = (block.messages[0]!.content as { text: string }).text;
      expect(text).toContain('<name>guide</name>');
      expect(text).not.toContain('<name>notes</name>');
      await expect(
        c.request({ method: 'skills/get', params: { uri: 'skill://notes/SKILL.md' } }, GetResult),
      ).rejects.toMatchObject({ code: -32602 });
    } finally {
      await c.close();
      await other.cleanup();
    }
  });
});
