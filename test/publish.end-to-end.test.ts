// Publishing a community skill, end to end, on a loopback registry (verdaccio holding this
// repository's packages, see support/workspace-registry.ts):
// - an author scaffolds a skill with the real create-openclaw-skill (oauth template), adds a
//   changeset and runs the template's `npm run release` (changeset version, `openclaw-skill
//   pack --dry-run`, changeset publish): 1.0.0 is on the registry;
// - a second user (own home and HOME) finds it with `search` (its OAuth scopes shown), reads it
//   with `info`, installs it into their running `serve` (stdio, an MCP SDK client attached),
//   logs it in to the (real, loopback) OAuth server, and the client calls its tool;
// - the author releases 1.1.0; the user's `update` swaps it in while serve runs: the client
//   gets tools/list_changed, the new description, and the new behaviour on the next call.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost } from '@openclaw/skill-host';
import { cliCommand, connectStdioServe, nextListChanged, toolNames } from './serve-child.js';
import { loginSkill, testAuthConfig } from './support/oauth-login.js';
import { startOAuthServer, type OAuthTestServer } from './support/oauth-server.js';
import { startWorkspaceRegistry, type WorkspaceRegistry } from './support/workspace-registry.js';

const ROOT = resolve(import.meta.dirname, '..');
const CREATE = join(ROOT, 'packages/create-openclaw-skill/bin/create-openclaw-skill.cjs');
const SKILL = 'team-calendar';
const STEP = 420_000;

let reg: WorkspaceRegistry;
let oauth: OAuthTestServer;
let api: Server;
let apiUrl: string;
const apiRequests: { url: string; authorization: string }[] = [];
let tmp: string;
let author: string;
let userHome: string;
let serveHome: string;
let workspace: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      done({
        code: err ? Number((err as { code?: unknown }).code) || 1 : 0,
        stdout: String(stdout),
        stderr: String(stderr),
      }),
    );
  });
}

/** The author's commands: their own folder, npm pointed at the registry (its npmrc). */
async function authorRuns(cmd: string, args: string[], cwd = author): Promise<Run> {
  const r = await run(cmd, args, cwd, reg.env);
  if (r.code !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** The second user's `openclaw-skill`: their HOME, their serve's home, no npmrc of the author. */
function userCli(...args: string[]): Promise<Run> {
  const cmd = cliCommand([...args, '--home', serveHome, '--workspace', workspace]);
  return run(cmd.command, cmd.args, workspace, { PATH: process.env.PATH, HOME: userHome });
}

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  await writeFile(file, text.replaceAll(from, to));
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-publish-e2e-'));
  reg = await startWorkspaceRegistry();
  oauth = await startOAuthServer();
  // The Calendar API the skill calls, in Google's shape (only the list call is used).
  api = createServer((req, res) => {
    apiRequests.push({ url: req.url ?? '', authorization: req.headers.authorization ?? '' });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ items: [{ id: 'ada@example.com', summary: 'Ada', primary: true }] }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  author = join(tmp, 'author');
  userHome = join(tmp, 'user');
  serveHome = join(tmp, 'serve-home');
  workspace = join(tmp, 'user-workspace');
  for (const d of [author, userHome, serveHome, workspace]) await mkdir(d, { recursive: true });
  // The user's host: installs from this registry, OAuth for google at the test server with
  // tokens in the opt-in file store, and the skill's API at the local server.
  await writeFile(
    join(serveHome, 'config.json'),
    JSON.stringify({
      ...testAuthConfig(oauth),
      install: { registry: reg.registry.url },
      skills: { [SKILL]: { config: { apiBaseUrl: apiUrl } } },
    }),
  );
}, 300_000);

afterAll(async () => {
  await reg?.close();
  await oauth?.stop();
  await new Promise((r) => api?.close(r));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('an author publishes a skill; another user finds, installs and updates it live', () => {
  let dir: string;
  let client: Client;

  afterAll(async () => {
    await client?.close();
  });

  it(
    'the author scaffolds with create-openclaw-skill, adds a changeset and releases 1.0.0',
    async () => {
      await authorRuns('node', [
        CREATE,
        SKILL,
        '--template',
        'oauth',
        '--yes',
        '--no-git',
        '--registry-deps',
        '--pm',
        'npm',
      ]);
      dir = join(author, SKILL);
      // What an author fills in before a first release.
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      pkg.author = 'Ada Lovelace <ada@example.com>';
      await writeFile(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
      await writeFile(
        join(dir, '.changeset', 'first-release.md'),
        `---\n'${SKILL}': major\n---\n\nFirst release: list calendars and add events.\n`,
      );
      const release = await authorRuns('npm', ['run', 'release'], dir);
      // pack ran before publishing: built, validated strictly, tested, listed.
      expect(release.stderr).toContain('· validate --strict');
      expect(release.stderr).toContain('· tests (npm run test)');
      expect(release.stdout).toContain(`${SKILL}@1.0.0: `);
      expect(release.stdout).toContain('Nothing written (--dry-run).');
      const released = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      expect(released.version).toBe('1.0.0');
      expect(await readFile(join(dir, 'CHANGELOG.md'), 'utf8')).toContain(
        'First release: list calendars and add events.',
      );
      const doc = (await (await fetch(new URL(SKILL, reg.registry.url))).json()) as {
        'dist-tags': Record<string, string>;
      };
      expect(doc['dist-tags'].latest).toBe('1.0.0');
    },
    STEP,
  );

  it('a second user searches the registry and sees it with its author, code and OAuth scopes', async () => {
    const r = await userCli('search', 'calendar', '--registry', reg.registry.url, '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toContainEqual({
      package: SKILL,
      version: '1.0.0',
      description: expect.any(String),
      author: 'Ada Lovelace',
      skill: SKILL,
      kind: 'code',
      oauth: { google: ['calendar.events', 'calendar.readonly'] },
      tools: [`${SKILL}.calendars`, `${SKILL}.add_event`],
    });
    const text = await userCli('search', 'calendar', '--registry', reg.registry.url);
    expect(text.stdout).toContain(`${SKILL}@1.0.0`);
    expect(text.stdout).toContain('runs code · OAuth google: calendar.events, calendar.readonly');
  });

  it('info shows its tools, permissions, scopes and the sandbox runner, without installing it', async () => {
    const r = await userCli('info', SKILL, '--registry', reg.registry.url, '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      name: SKILL,
      version: '1.0.0',
      kind: 'code',
      runner: 'sandbox',
      hostRange: '^1',
      hostCompatible: true,
      permissions: { network: ['www.googleapis.com'], fs: 'none' },
      scopes: { google: ['calendar.events', 'calendar.readonly'] },
      tools: [
        { name: `${SKILL}.calendars`, auth: { provider: 'google', scopes: ['calendar.readonly'] } },
        {
          name: `${SKILL}.add_event`,
          auth: { provider: 'google', scopes: ['calendar.events'] },
          approval: 'required',
        },
      ],
    });
    expect((await userCli('list', '--json')).stdout).not.toContain(SKILL);
  });

  it(
    'installs it into the running serve: the MCP client gets list_changed, and after a login its tool answers',
    async () => {
      ({ client } = await connectStdioServe({
        home: serveHome,
        workspace,
        userHome,
        name: 'publish-e2e',
      }));
      expect(await toolNames(client)).not.toContain(`${SKILL}_calendars`);
      const changed = nextListChanged(client);
      const r = await userCli('install', SKILL, '--yes', '--json');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('Through the running serve for this home');
      expect(JSON.parse(r.stdout)).toMatchObject({
        action: 'installed',
        name: SKILL,
        version: '1.0.0',
      });
      await changed;
      expect(await toolNames(client)).toContain(`${SKILL}_calendars`);

      const before = await client.callTool({ name: `${SKILL}.calendars`, arguments: {} });
      expect(before.isError).toBe(true);
      expect(JSON.stringify(before.content)).toContain('AUTH_REQUIRED');

      // The user logs the skill in (the real code + PKCE flow against the OAuth server); the
      // grant lands in the home's file store, where the running serve reads it.
      const host = await createSkillHost({
        home: serveHome,
        workspace,
        userHome,
        // The file store's warning is for a person; the test knows it chose it.
        env: { PATH: process.env.PATH ?? '', OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
        hostTools: false,
      });
      try {
        await loginSkill(host, SKILL, oauth);
      } finally {
        await host.close();
      }
      const call = await client.callTool({ name: `${SKILL}.calendars`, arguments: {} });
      expect(call.isError, JSON.stringify(call.content)).toBeFalsy();
      expect(JSON.stringify(call.content)).toContain('ada@example.com');
      const seen = apiRequests.at(-1)!;
      expect(seen.url).toBe('/calendar/v3/users/me/calendarList?maxResults=50');
      expect(oauth.issued).toContain(seen.authorization.replace(/^Bearer /, ''));
    },
    STEP,
  );

  it(
    'the author releases 1.1.0; update swaps it into the running serve: list_changed, new description, new behaviour',
    async () => {
      // 1.1.0 lists up to 100 calendars by default and says so.
      await edit(join(dir, 'src/index.ts'), 'default: 50', 'default: 100');
      await edit(join(dir, 'src/index.ts'), 'maxResults = 50', 'maxResults = 100');
      await edit(join(dir, 'manifest.json'), '"default": 50', '"default": 100');
      await edit(
        join(dir, 'manifest.json'),
        '"The calendars of the signed-in Google user',
        '"Up to 100 calendars of the signed-in Google user',
      );
      await edit(join(dir, 'test/index.test.ts'), 'maxResults=50', 'maxResults=100');
      await writeFile(
        join(dir, '.changeset', 'more-calendars.md'),
        `---\n'${SKILL}': minor\n---\n\nList up to 100 calendars by default.\n`,
      );
      await authorRuns('npm', ['run', 'release'], dir);
      expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).version).toBe('1.1.0');

      const changed = nextListChanged(client);
      const r = await userCli('update', SKILL, '--yes', '--json');
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        action: 'updated',
        name: SKILL,
        version: '1.1.0',
        previousVersion: '1.0.0',
      });
      await changed;
      const tool = (await client.listTools()).tools.find((t) => t.name === `${SKILL}_calendars`);
      expect(tool?.description).toMatch(/^Up to 100 calendars/);
      const call = await client.callTool({ name: `${SKILL}.calendars`, arguments: {} });
      expect(call.isError, JSON.stringify(call.content)).toBeFalsy();
      expect(apiRequests.at(-1)!.url).toBe('/calendar/v3/users/me/calendarList?maxResults=100');
    },
    STEP,
  );
});
