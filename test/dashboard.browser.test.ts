// The dashboard in a real headless Chromium (playwright-core driving Debian's chromium),
// against one in-process serve with the dashboard files from `pnpm build`, the bundled
// skills, a broken skill (its frontmatter never closed), a skill whose tool needs approval, and a real OAuth server
// (oauth2-mock-server) standing in for Google. Screenshots of every page at desktop and
// phone width go to .tmp/screenshots/dashboard/ for review.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMemoryVault } from '@openclaw/skill-host/internal';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { cliCommand } from './serve-child.js';
import {
  axeViolations,
  browserGate,
  describeViolations,
  launchBrowser,
  newContext,
  screenshot,
  VIEWPORTS,
  type ViewportName,
} from './support/browser.js';
import { startOAuthServer, type OAuthTestServer } from './support/oauth-server.js';
import { loginSkill, testAuthConfig } from './support/oauth-login.js';
import { writeSkillPackage } from './support/skill-packages.js';

const exec = promisify(execFile);
const repo = join(import.meta.dirname, '..');
const dashboardDir = join(repo, 'packages', 'dashboard', 'dist');
const SUITE = 'dashboard';

const run = browserGate('dashboard');
if (run && !existsSync(join(dashboardDir, 'index.html')))
  throw new Error(`The dashboard is not built (${dashboardDir}); run pnpm build first.`);

const NOTES_CODE = `export default {
  createTools() {
    return {
      'notes.read': async ({ id }) => ({ id, text: 'note ' + id }),
      'notes.wipe': async ({ folder }) => 'wiped ' + folder,
    };
  },
};
`;

async function writeExtraSkills(dir: string): Promise<void> {
  const notes = join(dir, 'notes');
  await mkdir(notes, { recursive: true });
  await writeFile(
    join(notes, 'SKILL.md'),
    '---\nname: notes\ndescription: Keeps notes; can wipe a folder of them.\n---\n\n# Notes\n',
  );
  await writeFile(
    join(notes, 'package.json'),
    JSON.stringify({ name: 'notes', version: '1.0.0', type: 'module', exports: './index.js' }),
  );
  await writeFile(join(notes, 'index.js'), NOTES_CODE);
  await writeFile(
    join(notes, 'manifest.json'),
    JSON.stringify({
      manifestVersion: 1,
      name: 'notes',
      version: '1.0.0',
      host: '^1',
      tools: [
        {
          name: 'notes.read',
          description: 'Read one note by id.',
          inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
          annotations: { readOnlyHint: true },
        },
        {
          name: 'notes.wipe',
          description: 'Delete every note in a folder.',
          inputSchema: { type: 'object', properties: { folder: { type: 'string' } } },
          annotations: { destructiveHint: true },
        },
      ],
    }),
  );
  // SKILL.md without its frontmatter: invalid, with a problem naming the file.
  const broken = join(dir, 'broken');
  await mkdir(broken, { recursive: true });
  // A SKILL.md without frontmatter loads (as Claude Code loads it); one never closed does not.
  await writeFile(
    join(broken, 'SKILL.md'),
    '---\nname: broken\ndescription: This skill never closes its frontmatter.\n\n# Broken\n',
  );
}

describe.skipIf(!run)('dashboard in a browser', () => {
  let root: string;
  let home: string;
  let oauth: OAuthTestServer;
  let serve: RunningServe;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let token: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'oc-dashboard-'));
    home = join(root, 'home');
    await writeExtraSkills(join(root, 'extra'));
    oauth = await startOAuthServer();
    serve = await startServe({
      home,
      workspace: repo,
      sources: [join(root, 'extra')],
      userHome: join(root, 'user'),
      env: { PATH: process.env.PATH },
      port: 0,
      config: testAuthConfig(oauth),
      auth: { vault: createMemoryVault() },
      dashboard: { dir: dashboardDir },
    });
    base = serve.info!.url;
    token = serve.info!.token;
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    // Signed in from the start, so each test also runs alone (-t).
    await page.goto(`${base}/#token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.close();
    await oauth?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const card = (p: Page, name: string) => p.locator(`li[data-skill="${name}"]`);

  /** Dashboard pages whose event stream serve counts (calls wait only while one is open). */
  const dashboardPages = async () =>
    (
      (await (
        await fetch(`${base}/api`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { dashboardPages: number }
    ).dashboardPages;

  // A test that failed half-way must not leave a call waiting for the next one.
  afterEach(async () => {
    const auth = { authorization: `Bearer ${token}` };
    const { pending } = (await (
      await fetch(`${base}/api/approvals`, { headers: auth })
    ).json()) as {
      pending: { id: string }[];
    };
    for (const p of pending)
      await fetch(`${base}/api/approvals/${p.id}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"answer":"deny"}',
      });
  });

  it('without the token the page answers 401 and says how to open it, and the API answers 401', async () => {
    const fresh = await newContext(browser);
    const p = await fresh.newPage();
    const res = await p.goto(`${base}/`);
    expect(res!.status()).toBe(401);
    await expect.poll(() => p.locator('main').textContent()).toContain('openclaw-skill dashboard');
    for (const path of ['/api/skills', '/api/dashboard/skills', '/api/events', '/api/audit'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(401);
    // A wrong token is no better than none.
    const p2 = await fresh.newPage();
    const wrong = await p2.goto(`${base}/#token=not-the-token`);
    expect(wrong!.status()).toBe(401);
    await expect.poll(() => p2.locator('main').textContent()).toContain('openclaw-skill dashboard');
    expect(p2.url()).toBe(`${base}/#skills`);
    expect((await fresh.cookies()).length).toBe(0);
    await fresh.close();
  });

  it('the fragment token becomes an HttpOnly SameSite=Strict cookie, leaves the address bar, and the page has a strict CSP', async () => {
    await page.goto('about:blank');
    await context.clearCookies();
    const res = await page.goto(`${base}/#token=${encodeURIComponent(token)}`);
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    expect(page.url()).toBe(`${base}/#skills`);
    const cookies = await context.cookies(base);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookies[0]!.value).not.toContain(token);
    expect(await page.evaluate('document.cookie')).toBe('');
    // The page reloads signed in, without the fragment.
    const again = await page.reload();
    expect(again!.status()).toBe(200);
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
  });

  it('the skills page lists the bundled skills with their status, and the broken skill with its problem and hint', async () => {
    await page.goto(`${base}/#skills`);
    await card(page, 'weather').waitFor();
    await expect.poll(() => card(page, 'weather').locator('.badge').textContent()).toBe('Ready');
    expect(await card(page, 'gmail').locator('.badge').textContent()).toBe('Needs login');
    expect(await card(page, 'weather').textContent()).toContain('workspace');
    const broken = card(page, 'broken');
    expect(await broken.locator('.badge').textContent()).toBe('Broken');
    const problem = await broken.locator('.problem').first().textContent();
    expect(problem).toContain('Error:');
    expect(problem).toContain(join(root, 'extra', 'broken', 'SKILL.md'));
    expect(problem).toContain('Hint: Fix');
    // Tools show their annotations and whether they ask for approval.
    const notes = card(page, 'notes');
    await notes.getByText('2 tools').click();
    const tools = await notes.locator('.tools').textContent();
    expect(tools).toContain('notes.wipe');
    expect(tools).toContain('destructive');
    expect(tools).toContain('asks approval');
    expect(tools).toContain('read only');
  });

  it('a skill installed by the CLI in another process appears without a reload', async () => {
    await page.goto(`${base}/#skills`);
    await card(page, 'weather').waitFor();
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    const pkg = await writeSkillPackage({ skill: 'counter', version: '1.0.0' });
    try {
      const cmd = cliCommand(['install', pkg, '--yes', '--home', home, '--workspace', repo]);
      const { stdout } = await exec(cmd.command, cmd.args, {
        env: { PATH: process.env.PATH, HOME: join(root, 'user') },
      });
      expect(stdout).toContain('counter');
      await card(page, 'counter').waitFor({ timeout: 15_000 });
      expect(await card(page, 'counter').locator('.badge').textContent()).toBe('Ready');
      expect(await card(page, 'counter').textContent()).toContain('store');
      expect(navigations).toBe(0);
    } finally {
      page.removeAllListeners('framenavigated');
      await rm(pkg, { recursive: true, force: true });
    }
  });

  it('install from the page shows the consent screen first and installs only on yes', async () => {
    await page.goto(`${base}/#skills`);
    await card(page, 'weather').waitFor();
    const pkg = await writeSkillPackage({ skill: 'greeter', version: '2.1.0' });
    try {
      await page.getByLabel('Install a skill').fill(pkg);
      await page.getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Install greeter@2.1.0?' });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain('greeter.version');
      expect(text).toContain('oc-skill-greeter');
      expect(serve.host.snapshot().byName.has('greeter')).toBe(false);
      await dialog.getByRole('button', { name: 'Install' }).click();
      await card(page, 'greeter').waitFor({ timeout: 15_000 });
      await page.getByText('Installed').waitFor();
      expect(serve.host.snapshot().byName.get('greeter')).toMatchObject({ version: '2.1.0' });
    } finally {
      await rm(pkg, { recursive: true, force: true });
    }
  });

  it('rollback and remove from the page: remove asks once more in the card, then the skill and its tools are gone', async () => {
    const v1 = await writeSkillPackage({ skill: 'tally', version: '1.0.0' });
    const v2 = await writeSkillPackage({ skill: 'tally', version: '1.1.0' });
    try {
      await serve.host.install(v1, { yes: true });
      await serve.host.install(v2, { yes: true });
      await page.goto(`${base}/#skills`);
      const tally = card(page, 'tally');
      await expect.poll(() => tally.textContent()).toContain('1.1.0');
      await tally.getByRole('button', { name: 'Roll back tally' }).click();
      await expect.poll(() => tally.locator('dd').nth(1).textContent()).toBe('1.0.0');
      expect(serve.host.snapshot().byName.get('tally')!.version).toBe('1.0.0');

      await tally.getByRole('button', { name: 'Remove tally' }).click();
      await tally.getByRole('button', { name: 'Keep tally' }).click();
      expect(serve.host.snapshot().byName.has('tally')).toBe(true);
      await tally.getByRole('button', { name: 'Remove tally' }).click();
      await tally.getByRole('button', { name: 'Yes, remove tally' }).click();
      await expect.poll(() => tally.count()).toBe(0);
      expect(serve.host.snapshot().byName.has('tally')).toBe(false);
      expect(serve.host.snapshot().tools.has('tally.version')).toBe(false);
    } finally {
      await rm(v1, { recursive: true, force: true });
      await rm(v2, { recursive: true, force: true });
    }
  });

  it('a library call needing approval waits in the page; approve lets it finish, deny returns APPROVAL_DENIED', async () => {
    await page.goto(`${base}/#approvals`);
    await page.getByText('No call is waiting for approval.').waitFor();
    let settled = false;
    const first = serve.host
      .call({ name: 'notes.wipe', input: { folder: 'drafts' } }, { sessionId: 'lib-1' })
      .finally(() => (settled = true));
    const item = page.getByRole('listitem').filter({ hasText: 'notes.wipe' });
    await item.waitFor();
    expect(await item.textContent()).toContain('"folder": "drafts"');
    expect(await item.textContent()).toContain('destructive');
    expect(settled).toBe(false);
    await item.getByRole('button', { name: 'Approve once' }).click();
    expect(await first).toMatchObject({ isError: false, text: 'wiped drafts' });
    await page.getByText('No call is waiting for approval.').waitFor();

    const second = serve.host.call(
      { name: 'notes.wipe', input: { folder: 'all' } },
      { sessionId: 'lib-1' },
    );
    await item.waitFor();
    await item.getByRole('button', { name: 'Deny' }).click();
    expect(await second).toMatchObject({ isError: true, code: 'APPROVAL_DENIED' });
  });

  it('the keyboard alone reaches and presses Approve once (skip link, then Tab order)', async () => {
    // A fresh load: focus starts at the top of the document. The call starts once serve
    // counts the new page (the old one's stream closed), or no one would be asked.
    await page.goto('about:blank');
    await expect.poll(dashboardPages).toBe(0);
    await page.goto(`${base}/#approvals`);
    await page.getByText('No call is waiting for approval.').waitFor();
    await expect.poll(dashboardPages).toBe(1);
    const call = serve.host.call(
      { name: 'notes.wipe', input: { folder: 'keys' } },
      { sessionId: 'keyboard' },
    );
    await page.getByRole('button', { name: 'Approve once' }).waitFor();
    const focused = () =>
      page.evaluate('document.activeElement && document.activeElement.textContent');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    let presses = 0;
    while ((await focused()) !== 'Approve once' && presses++ < 20) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Approve once');
    await page.keyboard.press('Enter');
    expect(await call).toMatchObject({ isError: false, text: 'wiped keys' });
  });

  it('"always in this session" approves the next calls of that tool in that session only', async () => {
    await page.goto(`${base}/#approvals`);
    await page.getByText('No call is waiting for approval.').waitFor();
    const first = serve.host.call(
      { name: 'notes.wipe', input: { folder: 'a' } },
      { sessionId: 'lib-2' },
    );
    const item = page.getByRole('listitem').filter({ hasText: 'notes.wipe' });
    await item.getByRole('button', { name: 'Always in this session' }).click();
    expect((await first).isError).toBe(false);
    const again = await serve.host.call(
      { name: 'notes.wipe', input: { folder: 'b' } },
      { sessionId: 'lib-2' },
    );
    expect(again).toMatchObject({ isError: false, text: 'wiped b' });
    // Another session is still asked.
    const other = serve.host.call(
      { name: 'notes.wipe', input: { folder: 'c' } },
      { sessionId: 'lib-3' },
    );
    await item.waitFor();
    expect(await item.textContent()).toContain('lib-3');
    await item.getByRole('button', { name: 'Deny' }).click();
    expect(await other).toMatchObject({ code: 'APPROVAL_DENIED' });
  });

  it('an MCP client that can elicit is asked too: the page answers first and the elicitation is withdrawn', async () => {
    const client = new Client(
      { name: 'eliciting-client', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const elicitIds: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, () => new Promise<never>(() => {}));
    const transport = new StreamableHTTPClientTransport(new URL(serve.mcpUrl!), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    // What serve sends, seen on the wire: the SDK's client ignores a cancellation of request
    // id 0 (a falsy-id check in Protocol._oncancel), so its handler signal cannot tell.
    const cancelled: unknown[] = [];
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      const m = message as { id?: unknown; method?: string; params?: { requestId?: unknown } };
      if (m.method === 'elicitation/create') elicitIds.push(m.id);
      if (m.method === 'notifications/cancelled') cancelled.push(m.params?.requestId);
      deliver(message);
    };
    try {
      await page.goto(`${base}/#approvals`);
      await page.getByText('No call is waiting for approval.').waitFor();
      const result = client.callTool({ name: 'notes.wipe', arguments: { folder: 'mcp' } });
      const item = page.getByRole('listitem').filter({ hasText: '"folder": "mcp"' });
      await item.waitFor();
      await expect.poll(() => elicitIds.length).toBe(1);
      await item.getByRole('button', { name: 'Approve once' }).click();
      const r = (await result) as { isError?: boolean; content: { text: string }[] };
      expect(r.isError).toBeFalsy();
      expect(r.content[0]!.text).toContain('wiped mcp');
      expect(cancelled).toEqual(elicitIds);
    } finally {
      await client.close();
    }
  });

  it('without an open dashboard page, a call needing approval is APPROVAL_REQUIRED at once', async () => {
    await page.goto('about:blank');
    // Once the page's event stream has closed, serve counts no dashboard page.
    await expect.poll(dashboardPages).toBe(0);
    expect(await serve.host.call({ name: 'notes.wipe', input: {} })).toMatchObject({
      isError: true,
      code: 'APPROVAL_REQUIRED',
    });
  });

  it('connect runs the OAuth flow in the same browser, comes back and shows the grant; disconnect reaches the revocation endpoint', async () => {
    await page.goto(`${base}/#accounts`);
    const gmail = page.locator('li[data-account="gmail/google"]');
    await gmail.waitFor();
    expect(await gmail.locator('.badge').textContent()).toBe('Needs login');
    const authorizeBefore = oauth.count('authorization_code');
    await gmail.getByRole('button', { name: /Connect/ }).click();
    // The browser went to the provider, which sent it to the flow's callback, which sent
    // it back here.
    await page.waitForURL(`${base}/#accounts`);
    const grant = gmail.locator('li[data-grant]');
    await grant.waitFor();
    expect(oauth.count('authorization_code')).toBe(authorizeBefore + 1);
    expect(await gmail.locator('.badge').textContent()).toBe('Connected');
    const text = await grant.textContent();
    expect(text).toContain('active');
    expect(text).toContain('gmail.readonly');
    expect((await serve.host.auth.list({ skill: 'gmail' }))[0]).toMatchObject({ state: 'active' });

    const revocationsBefore = oauth.revocations.length;
    await grant.getByRole('button', { name: /Disconnect/ }).click();
    await page.getByText(/gmail is disconnected from google/).waitFor();
    expect(oauth.revocations.length).toBe(revocationsBefore + 1);
    expect(oauth.revocations.at(-1)!.get('token_type_hint')).toBe('refresh_token');
    await expect.poll(() => grant.count()).toBe(0);
    expect(await serve.host.auth.list({ skill: 'gmail' })).toEqual([]);
  });

  it('a forged cross-site POST is refused: another page cannot disable a skill, nor can the cookie without the CSRF header', async () => {
    let attacker: Server | undefined;
    try {
      attacker = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<form id="f" method="POST" action="${base}/api/dashboard/skills/weather/disable" enctype="text/plain">
<input name='{"x":"' value='"}'></form><script>document.getElementById('f').submit()</script>`);
      });
      await new Promise<void>((r) => attacker!.listen(0, '127.0.0.1', r));
      const evil = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
      const refused = page.waitForResponse((r) => r.url().includes('/weather/disable'));
      await page.goto(evil);
      const res = await refused;
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain('ORIGIN_REFUSED');

      // The session cookie alone, from the right origin but without the CSRF header.
      const cookie = (await context.cookies(base))[0]!;
      const forged = await fetch(`${base}/api/dashboard/skills/weather/disable`, {
        method: 'POST',
        headers: { cookie: `${cookie.name}=${cookie.value}`, origin: base },
        body: '{}',
      });
      expect(forged.status).toBe(403);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe(
        'CSRF_REFUSED',
      );
      expect(serve.host.snapshot().byName.get('weather')!.status).toBe('ready');
      expect(existsSync(join(home, 'config.json'))).toBe(false);
    } finally {
      await new Promise((r) => attacker?.close(r));
    }
  });

  it('disable and enable from the page write config.json and the status follows', async () => {
    await page.goto(`${base}/#skills`);
    const weather = card(page, 'weather');
    await weather.getByRole('button', { name: 'Disable weather' }).click();
    await expect.poll(() => weather.locator('.badge').textContent()).toBe('Disabled');
    const config = JSON.parse(await readFile(join(home, 'config.json'), 'utf8')) as {
      skills: Record<string, { enabled: boolean }>;
    };
    expect(config.skills.weather!.enabled).toBe(false);
    await weather.getByRole('button', { name: 'Enable weather' }).click();
    await expect.poll(() => weather.locator('.badge').textContent()).toBe('Ready');
  });

  it('the activity page shows the calls with filters and a latency bar per tool', async () => {
    await serve.host.call({ name: 'notes.read', input: { id: '7' } }, { sessionId: 'act-1' });
    await page.goto(`${base}/#activity`);
    await page.getByRole('heading', { name: 'Latency per tool' }).waitFor();
    await expect.poll(() => page.locator('.bars li').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.bars').textContent()).toContain('notes.read');
    await page.getByLabel('Outcome').selectOption('APPROVAL_DENIED');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    for (const t of await rows.allTextContents()) expect(t).toContain('APPROVAL_DENIED');
    await page.getByLabel('Outcome').selectOption('');
    await page.getByLabel('Session').selectOption('act-1');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('notes.read');
  });

  it('every page at desktop and phone width: screenshots for review and no serious axe violations', async () => {
    // A connected account and a call waiting, so every page has something to show.
    await loginSkill(serve.host, 'gmail', oauth);
    await serve.host.call({ name: 'notes.read', input: { id: '1' } }, { sessionId: 'shots' });
    const watcher = await context.newPage();
    await watcher.goto(`${base}/#token=${encodeURIComponent(token)}`);
    await watcher.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    await watcher.goto(`${base}/#approvals`);
    await watcher.getByText('No call is waiting for approval.').waitFor();
    await expect.poll(dashboardPages).toBeGreaterThan(0);
    const waiting = serve.host.call(
      { name: 'notes.wipe', input: { folder: 'screenshots' } },
      { sessionId: 'shots' },
    );
    await watcher.getByRole('button', { name: 'Approve once' }).waitFor();
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const ctx = await newContext(browser, viewport);
      const p = await ctx.newPage();
      await p.goto(`${base}/#token=${encodeURIComponent(token)}`);
      await p.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
      for (const [name, link, ready] of [
        ['skills', 'Skills', () => card(p, 'weather').waitFor()],
        ['accounts', 'Accounts', () => p.locator('li[data-account="gmail/google"]').waitFor()],
        [
          'approvals',
          /^Approvals/,
          () => p.getByRole('button', { name: 'Approve once' }).waitFor(),
        ],
        [
          'activity',
          'Activity',
          () => p.getByRole('heading', { name: 'Latency per tool' }).waitFor(),
        ],
      ] as const) {
        // As a person would: the page's own navigation.
        await p.getByRole('navigation').getByRole('link', { name: link }).click();
        await ready();
        await screenshot(p, SUITE, `${name}-${viewport}`);
        const violations = await axeViolations(p);
        expect(describeViolations(violations), `${name} at ${viewport}`).toBe('');
        if (viewport === 'phone') {
          // Nothing wider than the phone's screen.
          const width = await p.evaluate('document.documentElement.scrollWidth');
          expect(width, `${name} at phone width`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        }
      }
      await ctx.close();
    }
    const item = watcher.getByRole('listitem').filter({ hasText: 'screenshots' });
    await item.getByRole('button', { name: 'Deny' }).click();
    expect(await waiting).toMatchObject({ code: 'APPROVAL_DENIED' });
    await watcher.close();
  });
});
