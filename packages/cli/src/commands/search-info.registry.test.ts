// search and info against a real registry (verdaccio on loopback): what each shows, read from
// the tarball without running it, and one clear line (exit 1) when the registry is down,
// answers garbage, the package is not a skill or does not exist.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let registry: TestRegistry;
let root: string;
let home: string;
let garbageServer: Server;
let garbageUrl: string;
const marker = () => join(root, 'skill-code-ran');

beforeAll(async () => {
  registry = await startRegistry();
  root = await mkdtemp(join(tmpdir(), 'oc-cli-search-'));
  home = join(root, 'home');
  const runMarker = `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker())}, 'ran');\n`;
  const calendar = await writeSkillPackage({
    skill: 'calendar',
    package: 'oc-skill-calendar',
    version: '1.2.0',
    description: 'Reads your calendar.',
    code: runMarker,
    scripts: { postinstall: 'node index.js' },
    manifest: {
      auth: { google: { type: 'oauth2', provider: 'google' } },
      permissions: { network: ['www.googleapis.com'], env: ['TZ'], fs: 'read' },
      tools: [
        {
          name: 'calendar.list',
          description: 'Lists calendars.',
          inputSchema: { type: 'object' },
          auth: { provider: 'google', scopes: ['calendar.readonly'] },
        },
        {
          name: 'calendar.delete',
          description: 'Deletes an event.',
          inputSchema: { type: 'object' },
          auth: { provider: 'google', scopes: ['calendar.events'] },
          approval: 'required',
        },
      ],
    },
  });
  await setPackageFields(calendar, {
    description: 'Google Calendar for agents',
    author: 'Ada Lovelace <ada@example.com>',
  });
  await registry.publish(calendar);
  const notes = await writeSkillPackage({ skill: 'notes', version: '0.3.0' });
  await writeFile(join(notes, 'index.js'), '');
  await rm(join(notes, 'manifest.json'));
  await setPackageFields(notes, { description: 'How to take calendar notes', exports: undefined });
  await registry.publish(notes);
  await registry.publish(
    await writeSkillPackage({ skill: 'future', version: '3.0.0', manifest: { host: '^2' } }),
  );
  // Not a skill: no keyword, no SKILL.md, no manifest.
  const plain = await writeSkillPackage({ skill: 'plain', version: '1.0.0', notASkill: true });
  await setPackageFields(plain, { keywords: ['calendar'], description: 'A calendar library' });
  await registry.publish(plain);

  garbageServer = createServer((req, res) => {
    if (req.url?.startsWith('/-/v1/search') && req.url.includes('shape'))
      return void res.end(JSON.stringify({ results: [] }));
    if (req.url?.includes('shape'))
      return void res.end(JSON.stringify({ name: 'oc-skill-shape', versions: 'none' }));
    res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
  });
  await new Promise<void>((r) => garbageServer.listen(0, '127.0.0.1', r));
  garbageUrl = `http://127.0.0.1:${(garbageServer.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await registry?.close();
  await new Promise((r) => garbageServer?.close(r));
  if (root) await rm(root, { recursive: true, force: true });
});

async function setPackageFields(dir: string, fields: Record<string, unknown>) {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ ...pkg, ...fields }, null, 2));
}

const cli = async (...args: string[]) => {
  const io = memoryIo({ env: { PATH: process.env.PATH ?? '', ...registry.env }, cwd: root });
  const code = await run([...args, '--home', home, '--workspace', root], io);
  return { code, out: io.out, err: io.err };
};
const errorLines = (err: string) => err.split('\n').filter((l) => l.startsWith('openclaw-skill:'));

describe('search', () => {
  it('--json lists only openclaw-skill packages, with author, code or docs, and OAuth scopes from the tarball', async () => {
    const r = await cli('search', 'calendar', '--registry', registry.url, '--json');
    expect(r.code).toBe(0);
    const entries = JSON.parse(r.out) as { package: string }[];
    expect(entries.map((e) => e.package).sort()).toEqual(['oc-skill-calendar', 'oc-skill-notes']);
    expect(entries.find((e) => e.package === 'oc-skill-calendar')).toEqual({
      package: 'oc-skill-calendar',
      version: '1.2.0',
      description: 'Google Calendar for agents',
      author: 'Ada Lovelace',
      skill: 'calendar',
      kind: 'code',
      oauth: { google: ['calendar.events', 'calendar.readonly'] },
      tools: ['calendar.list', 'calendar.delete'],
    });
    expect(entries.find((e) => e.package === 'oc-skill-notes')).toMatchObject({
      skill: 'notes',
      kind: 'docs',
      oauth: {},
      tools: [],
    });
    expect(existsSync(marker())).toBe(false);
  });

  it('prints each skill in words: runs code or docs only, and its scopes', async () => {
    const r = await cli('search', 'calendar', '--registry', registry.url);
    expect(r.code).toBe(0);
    expect(r.out).toContain('oc-skill-calendar@1.2.0 (skill calendar)');
    expect(r.out).toContain(
      'by Ada Lovelace · runs code · OAuth google: calendar.events, calendar.readonly',
    );
    expect(r.out).toContain('oc-skill-notes@0.3.0 (skill notes)');
    expect(r.out).toContain('docs only (no code) · no OAuth');
    expect(r.out).not.toContain('oc-skill-plain');
    expect(r.err).toContain(`· searching ${registry.url}`);
  });

  it('nothing matching is exit 0 with one line saying so', async () => {
    const r = await cli('search', 'zebra', '--registry', registry.url);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`No skills found for "zebra" on ${registry.url}\n`);
  });

  it('the registry from the npm config (npmrc) is used when --registry is not given', async () => {
    const r = await cli('search', 'calendar', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveLength(2);
  });

  it('a registry that is down is one line naming it and ECONNREFUSED (exit 1)', async () => {
    const down = await closedPort();
    const r = await cli('search', 'calendar', '--registry', down);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `openclaw-skill: The registry ${down} cannot be reached (ECONNREFUSED).`,
    ]);
  });

  it('a registry answering non-JSON, or JSON of the wrong shape, is one line each (exit 1)', async () => {
    const html = await cli('search', 'calendar', '--registry', garbageUrl);
    expect(html.code).toBe(1);
    expect(errorLines(html.err)).toEqual([
      `openclaw-skill: The registry ${garbageUrl} answered the search with something that is not JSON.`,
    ]);
    const shape = await cli('search', 'shape', '--registry', garbageUrl);
    expect(shape.code).toBe(1);
    expect(errorLines(shape.err)).toEqual([
      `openclaw-skill: The registry ${garbageUrl} answered the search with JSON that has no \`objects\` list.`,
    ]);
  });

  it('--limit that is not a number is bad usage (exit 2)', async () => {
    const r = await cli('search', 'x', '--limit', 'many', '--registry', registry.url);
    expect(r.code).toBe(2);
    expect(errorLines(r.err)).toEqual([
      'openclaw-skill: --limit many: give a whole number from 1 to 250.',
    ]);
  });
});

describe('info', () => {
  it('--json shows tools, permissions, scopes, runner and host range, and runs none of the code', async () => {
    const r = await cli('info', 'oc-skill-calendar', '--registry', registry.url, '--json');
    expect(r.code).toBe(0);
    const info = JSON.parse(r.out);
    expect(info).toMatchObject({
      name: 'calendar',
      package: 'oc-skill-calendar',
      version: '1.2.0',
      author: 'Ada Lovelace',
      kind: 'code',
      hostRange: '^1',
      hostCompatible: true,
      runner: 'sandbox',
      permissions: { network: ['www.googleapis.com'], env: ['TZ'], fs: 'read' },
      scopes: { google: ['calendar.events', 'calendar.readonly'] },
      scripts: ['postinstall'],
    });
    expect(info.tools).toEqual([
      {
        name: 'calendar.list',
        description: 'Lists calendars.',
        auth: { provider: 'google', scopes: ['calendar.readonly'] },
      },
      {
        name: 'calendar.delete',
        description: 'Deletes an event.',
        auth: { provider: 'google', scopes: ['calendar.events'] },
        approval: 'required',
      },
    ]);
    expect(info.integrity).toMatch(/^sha512-/);
    expect(existsSync(marker())).toBe(false);
    expect(existsSync(join(home, 'store'))).toBe(false);
  });

  it('name@range picks the version; the text form names the runner the home config sets', async () => {
    await writeFile(
      join(root, 'config.json'),
      JSON.stringify({ skills: { calendar: { runner: 'worker' } } }),
    );
    const io = memoryIo({ env: { PATH: process.env.PATH ?? '', ...registry.env }, cwd: root });
    const code = await run(
      ['info', 'oc-skill-calendar@^1.0.0', '--registry', registry.url, '--home', root],
      io,
    );
    expect(code).toBe(0);
    expect(io.out).toContain('oc-skill-calendar@1.2.0 (skill calendar)');
    expect(io.out).toContain('kind: runs code; runner here: worker');
    expect(io.out).toContain('calendar.delete (google: calendar.events; asks approval)');
    expect(io.out).toContain('permissions: network www.googleapis.com; env TZ; files read');
    expect(io.out).toContain('OAuth google: calendar.events, calendar.readonly');
  });

  it('a docs-only skill is shown as such, with no tools and no runner', async () => {
    const r = await cli('info', 'oc-skill-notes', '--registry', registry.url, '--json');
    expect(r.code).toBe(0);
    const info = JSON.parse(r.out);
    expect(info).toMatchObject({ name: 'notes', kind: 'docs', tools: [], scopes: {} });
    expect(info.runner).toBeUndefined();
    const text = await cli('info', 'oc-skill-notes', '--registry', registry.url);
    expect(text.out).toContain('kind: docs only (no code); runner here: none');
    expect(text.out).toContain('no tools (instructions only)');
  });

  it('a folder is read as install would pack it, so an author sees what users will see', async () => {
    const dir = await writeSkillPackage({ skill: 'local', version: '2.0.0' });
    try {
      const r = await cli('info', dir, '--json');
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({
        name: 'local',
        version: '2.0.0',
        tools: [{ name: 'local.version' }],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a skill made for another host API is shown, marked as one this host cannot load', async () => {
    const r = await cli('info', 'oc-skill-future', '--registry', registry.url, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ hostRange: '^2', hostCompatible: false });
    const text = await cli('info', 'oc-skill-future', '--registry', registry.url);
    expect(text.out).toContain('host API: ^2 (this host cannot load it)');
  });

  it('a name that does not exist is one line (exit 1)', async () => {
    const r = await cli('info', 'oc-skill-nope', '--registry', registry.url);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `openclaw-skill: oc-skill-nope was not found on ${registry.url}.`,
    ]);
  });

  it('a range no published version matches is one line naming the latest (exit 1)', async () => {
    const r = await cli('info', 'oc-skill-calendar@^9', '--registry', registry.url);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `openclaw-skill: oc-skill-calendar has no version matching ^9 on ${registry.url}.`,
    ]);
    expect(r.err).toContain('hint: Its latest version is 1.2.0.');
  });

  it('a registry answering a package document of the wrong shape is one line (exit 1)', async () => {
    const r = await cli('info', 'oc-skill-shape', '--registry', garbageUrl);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `openclaw-skill: The registry ${garbageUrl} answered a document for oc-skill-shape without a \`versions\` map.`,
    ]);
  });

  it('a package that is not a skill is one line (exit 1)', async () => {
    const r = await cli('info', 'oc-skill-plain', '--registry', registry.url);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      'openclaw-skill: oc-skill-plain is not a skill: its package has neither SKILL.md nor manifest.json.',
    ]);
  });

  it('a registry that is down, or answers non-JSON, is one line each (exit 1)', async () => {
    const down = await closedPort();
    const r = await cli('info', 'oc-skill-calendar', '--registry', down);
    expect(r.code).toBe(1);
    expect(errorLines(r.err)).toEqual([
      `openclaw-skill: The registry ${down} cannot be reached (ECONNREFUSED).`,
    ]);
    const g = await cli('info', 'oc-skill-calendar', '--registry', garbageUrl);
    expect(g.code).toBe(1);
    expect(errorLines(g.err)).toEqual([
      `openclaw-skill: The registry ${garbageUrl} answered something that is not an npm package document for oc-skill-calendar.`,
    ]);
  });
});

/** A loopback URL nothing listens on: a port the OS gave and took back. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}/`;
}
