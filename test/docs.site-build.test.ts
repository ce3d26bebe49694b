// `pnpm docs:build` in one suite: the generated references (scripts/docs-gen.mjs), then the
// VitePress build, which fails on a dead internal link. Run once; each test reads the output.
// `pnpm test` has built the packages first, so the generator runs on the current code.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserGate,
  launchBrowser,
  newContext,
  screenshot,
  shownPath,
} from './support/browser.js';
import { docsDir, repo } from './support/doc-pages.js';

const exec = promisify(execFile);
const vitepress = join(repo, 'node_modules', 'vitepress', 'bin', 'vitepress.js');
const dist = join(docsDir, '.vitepress', 'dist');
const reference = join(docsDir, 'reference');
const cliBundle = join(repo, 'packages', 'cli', 'dist', 'bundle', 'openclaw-skill.cjs');
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

beforeAll(async () => {
  await exec(process.execPath, [join(repo, 'scripts', 'docs-gen.mjs')], { cwd: repo });
  await exec(process.execPath, [vitepress, 'build', 'docs'], { cwd: repo });
}, 300_000);

const readRef = (file: string) => readFileSync(join(reference, file), 'utf8');
const readJson = (file: string) => JSON.parse(readFileSync(join(repo, file), 'utf8')) as Schema;

interface Schema {
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/**
 * Every property of a schema, recursively, as the reference names it: `a.b`, `tools[].name`,
 * `skills.<name>.enabled` (a map's key shown as a placeholder; only named properties count).
 */
function propertyPaths(schema: Schema): { path: string; description?: string }[] {
  const out: { path: string; description?: string }[] = [];
  const walk = (node: Schema, prefix: string) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      out.push({
        path,
        ...(child.description !== undefined && { description: child.description }),
      });
      walk(child, path);
    }
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      walk(node.additionalProperties, `${prefix}.<`);
    if (node.items) walk(node.items, `${prefix}[]`);
    for (const v of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) walk(v, prefix);
  };
  walk(schema, '');
  return out;
}

/**
 * The `### \`path\`` entries of a generated reference (map placeholders cut to `<`), each with
 * its text, entities decoded.
 */
function entries(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of markdown.split(/^### /m).slice(1)) {
    const path = /^`([^`]+)`/.exec(part)?.[1];
    if (path)
      out.set(
        path.replace(/<[a-z]+>/g, '<'),
        part
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&#123;/g, '{'),
      );
  }
  return out;
}

describe('pnpm docs:build', () => {
  it('writes the home page and a page for every sidebar entry', async () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    const { sidebar } = (await import('../docs/.vitepress/config.mjs')) as {
      sidebar: { items: { link: string }[] }[];
    };
    const links = sidebar.flatMap((group) => group.items.map((i) => i.link));
    expect(links.length).toBeGreaterThan(15);
    const missing = links.filter((link) => {
      const file = link.endsWith('/') ? `${link}index.html` : `${link}.html`;
      return !existsSync(join(dist, file));
    });
    expect(missing).toEqual([]);
  });

  it.each([
    ['manifest.md', 'packages/sdk/manifest.schema.json'],
    ['host-config.md', 'packages/host/host-config.schema.json'],
  ])(
    'lists every property of the schema in reference/%s, with its description',
    (page, schemaFile) => {
      const paths = propertyPaths(readJson(schemaFile));
      expect(paths.length).toBeGreaterThan(30);
      const listed = entries(readRef(page));
      expect(paths.filter((p) => !listed.has(p.path)).map((p) => p.path)).toEqual([]);
      // A field without a description is a field the reference cannot explain: describe it in
      // the schema (packages/sdk/src/manifest/schema.ts, packages/host/src/config/schema.ts).
      expect(paths.filter((p) => !p.description).map((p) => p.path)).toEqual([]);
      const wrong = paths.filter((p) => !listed.get(p.path)!.includes(p.description!));
      expect(wrong.map((p) => p.path)).toEqual([]);
    },
  );

  it('puts every command the CLI lists in the CLI reference, with its own --help text', async () => {
    // Without HOME the CLI writes no code cache (nothing outside the repo).
    const { stdout } = await exec(process.execPath, [cliBundle, '--help'], {
      env: { PATH: process.env.PATH ?? '' },
    });
    const commands = [...stdout.split(/^Commands:$/m)[1]!.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
      .map((m) => m[1]!)
      .filter((c) => c !== 'help');
    expect(commands).toContain('validate');
    const cli = readRef('cli.md');
    for (const command of commands) {
      expect(cli).toContain(`## \`openclaw-skill ${command}\``);
      expect(cli).toContain(`Usage: openclaw-skill ${command}`);
    }
  });

  it('documents the public API of the SDK and the host from their sources', () => {
    const pages = [
      'api/@openclaw/skill-sdk/functions/defineSkill.md',
      'api/@openclaw/skill-sdk/classes/SkillError.md',
      'api/@openclaw/skill-sdk/testing/functions/createTester.md',
      'api/@openclaw/skill-host/functions/createSkillHost.md',
      'api/@openclaw/skill-host/interfaces/SkillHost.md',
    ];
    expect(pages.filter((p) => !existsSync(join(reference, p)))).toEqual([]);
    expect(readRef('api/@openclaw/skill-host/interfaces/SkillHost.md')).toContain('injectSkills');
  });

  it('builds the troubleshooting page with an anchor per code', () => {
    const html = readFileSync(join(dist, 'operators', 'troubleshooting.html'), 'utf8');
    expect(html).toContain('id="auth-required"');
    expect(html).toContain('id="skill-md-no-frontmatter"');
  });

  it('fails the build on a dead internal link with the site config', async () => {
    // Inside the repo, so the copied config resolves `vitepress` from its node_modules.
    await mkdir(join(repo, '.tmp'), { recursive: true });
    const site = await mkdtemp(join(repo, '.tmp', 'docs-dead-link-'));
    try {
      await mkdir(join(site, '.vitepress'));
      await copyFile(
        join(docsDir, '.vitepress', 'config.mts'),
        join(site, '.vitepress', 'config.mts'),
      );
      await writeFile(join(site, 'index.md'), '# Home\n\nSee [a page](/no-such-page).\n');
      const failure = await exec(process.execPath, [vitepress, 'build', site], { cwd: repo }).then(
        () => undefined,
        (e: { stdout: string; stderr: string }) => e,
      );
      expect(failure, 'the build with a dead link failed').toBeDefined();
      // Colours are on under CI=true: read the text without them.
      expect(stripVTControlCharacters(`${failure!.stdout}${failure!.stderr}`)).toContain(
        'dead link /no-such-page',
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  }, 120_000);
});

// The built site in headless Chromium: the home page and one guide, written as PNGs for review
// (.tmp/screenshots/docs/). Served by a small static server on 127.0.0.1 that resolves
// VitePress's clean URLs (/authors/tools -> authors/tools.html) as a static host does.
describe.skipIf(!browserGate('docs screenshots'))('the built site in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const candidates = path.endsWith('/')
        ? [`${path}index.html`]
        : [path, `${path}.html`, `${path}/index.html`];
      const file = candidates
        .map((c) => join(dist, c))
        .find((f) => f.startsWith(dist) && existsSync(f) && statSync(f).isFile());
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
      const type = MIME[extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
  });

  it.each([
    ['home', '/', 'AI-agent skills as ordinary npm packages'],
    ['guide-tools', '/authors/tools', 'Tools, schemas and OAuth scopes'],
  ])('renders %s (%s) with its heading and writes a screenshot', async (name, path, heading) => {
    const context = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await expect(page.getByText(heading).first().isVisible()).resolves.toBe(true);
      // The sidebar or nav names the three kinds of users on every page.
      for (const group of ['Skill authors', 'Agent builders', 'Operators'])
        await expect(page.getByText(group).first().isVisible()).resolves.toBe(true);
      expect(failed).toEqual([]);
      const file = await screenshot(page, 'docs', name);
      expect(statSync(file).size).toBeGreaterThan(10_000);
      console.log(`docs screenshot: ${shownPath(file)}`);
    } finally {
      await context.close();
    }
  });
});
