// Skills an MCP server offers through the Skills extension, consumed: the project's own serve
// (over Streamable HTTP with its token) and a small SDK server over stdio that serves one file
// with bytes that do not match the digest it lists.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '../host.js';
import { writeDocsSkill } from '../testing/skill-folders.js';
import type { CallResult, CallSuccess } from '../router/types.js';
import { serveFixture, type ServeFixture } from '../serve/serve.fixtures.js';
import { openHost } from './testing/open-host.js';

const SKILLS_SERVER = join(import.meta.dirname, 'testing', 'skills-server.mjs');

function ok(r: CallResult): CallSuccess {
  if (r.isError) throw new Error(`expected success, got ${JSON.stringify(r)}`);
  return r;
}

let fx: ServeFixture;
let host: SkillHost;
let root: string;

beforeAll(async () => {
  fx = await serveFixture();
  const opened = await openHost(
    {
      remote: {
        url: fx.serve.mcpUrl!,
        headers: { Authorization: `Bearer ${fx.serve.info!.token}` },
        eager: true,
      },
      fixture: {
        command: process.execPath,
        args: [SKILLS_SERVER],
        eager: true,
        env: { SKILLS_TAMPER: 'tampered', HOME: fx.root },
      },
    },
    {},
    { wrapResults: true },
  );
  host = opened.host;
  root = opened.root;
  await host.rescan();
}, 30_000);
afterAll(async () => {
  await host?.close();
  await fx?.cleanup();
});

describe('skills offered by an MCP server (Skills extension)', () => {
  it("adds serve's skills to the catalog with the server as their source", () => {
    const guide = host.snapshot().byName.get('guide');
    expect(guide).toMatchObject({
      status: 'ready',
      kind: 'docs',
      source: { kind: 'mcp', dir: 'mcp://remote' },
    });
    expect(guide!.description).toContain('from MCP server "remote"');
    expect(host.snapshot().byName.get('notes')).toMatchObject({ source: { dir: 'mcp://remote' } });
  });

  it('lists the verified skills in the <available_skills> block', () => {
    const p = host.prompt();
    expect(p.included).toEqual(expect.arrayContaining(['guide', 'notes', 'honest']));
    expect(p.included).not.toContain('tampered');
    expect(p.block).toContain('(from MCP server &quot;remote&quot;)');
  });

  it('serves the fetched SKILL.md through skills_read, wrapped as untrusted text', async () => {
    const r = ok(await host.call({ name: 'skills.read', input: { name: 'guide' } }));
    expect(r.text).toContain('Read notes with notes.read.');
    expect(r.untrusted).toMatchObject({ reason: expect.any(String) as string });
    const ref = ok(
      await host.call({ name: 'skills.read', input: { name: 'honest', path: 'reference.md' } }),
    );
    expect(ref.text).toContain('All good.');
  });

  it('keeps the bytes serve sent, byte for byte, in the local copy skills_read reads', async () => {
    const guide = host.snapshot().byName.get('guide')!;
    const local = await readFile(guide.location, 'utf8');
    const served = await readFile(join(fx.workspace, 'skills', 'guide', 'SKILL.md'), 'utf8');
    expect(local).toBe(served);
    expect(guide.location.startsWith(root)).toBe(true);
  });

  it('does not serve a skill whose file does not match its digest, and names the file', async () => {
    const bad = host.snapshot().byName.get('tampered');
    expect(bad?.status).toBe('invalid');
    expect(bad?.problems).toHaveLength(1);
    expect(bad?.problems[0]).toMatchObject({
      code: 'MCP_SKILL_INVALID',
      field: 'mcpServers.fixture',
    });
    expect(bad?.problems[0]!.message).toMatch(/file reference\.md does not match its digest/);
    const r = await host.call({ name: 'skills.read', input: { name: 'tampered' } });
    expect(r.isError).toBe(true);
    expect(host.snapshot().byName.get('honest')?.status).toBe('ready');
  });

  it('takes the new text when the server announces its skills changed', async () => {
    const changed = new Promise<void>((resolve) => {
      const check = () => {
        if (host.snapshot().byName.get('guide')?.description.startsWith('Revised guide.')) {
          host.off('change', check);
          resolve();
        }
      };
      host.on('change', check);
    });
    await writeDocsSkill(join(fx.workspace, 'skills'), 'guide', {
      description: 'Revised guide.',
      body: '# Guide\n\nRevised text.\n',
    });
    await fx.serve.host.rescan();
    await changed;
    const r = ok(await host.call({ name: 'skills.read', input: { name: 'guide' } }));
    expect(r.text).toContain('Revised text.');
  });
});
