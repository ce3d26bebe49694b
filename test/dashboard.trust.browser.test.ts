// What an install proved, on the dashboard, in a real headless Chromium against one
// in-process serve installing from a loopback registry of this suite's own that signs with a
// key the suite makes: the install consent shows the registry signature and the provenance
// lines the CLI's consent shows; each installed skill's card shows what the lockfile recorded
// (signature status, and the repository, commit, workflow and builder of a verified build
// attestation), or "no provenance".
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { browserGate, launchBrowser, newContext } from './support/browser.js';
import {
  makeSigningKey,
  startSigningRegistry,
  type SigningRegistry,
} from './support/signing-registry.js';
import { writeSkillPackage } from './support/skill-packages.js';

const exec = promisify(execFile);
const repo = join(import.meta.dirname, '..');
const dashboardDir = join(repo, 'packages', 'dashboard', 'dist');

const run = browserGate('dashboard trust');
if (run && !existsSync(join(dashboardDir, 'index.html')))
  throw new Error(`The dashboard is not built (${dashboardDir}); run pnpm build first.`);

/** The lockfile's provenance field, as the installer records it for a verified attestation. */
const PROVENANCE = {
  status: 'verified',
  predicateType: 'https://slsa.dev/provenance/v0.2',
  sourceRepository: 'https://github.com/acme/oc-skill-attested',
  commit: '0123456789abcdef0123456789abcdef01234567',
  workflow: '.github/workflows/publish.yml@refs/heads/main',
  builder: 'https://github.com/actions/runner/github-hosted',
} as const;

describe.skipIf(!run)('install trust on the dashboard', () => {
  let root: string;
  let registry: SigningRegistry;
  let serve: RunningServe;
  let browser: Browser;
  let page: Page;

  async function publish(skill: string, version: string): Promise<void> {
    const dir = await writeSkillPackage({ skill, version });
    const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', root, '--json'], {
      env: {
        PATH: process.env.PATH,
        HOME: join(root, 'user'),
        npm_config_cache: join(root, 'npm-cache'),
      },
    });
    const tarball = join(root, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    await registry.publish({ manifest, tarball, signature: 'valid' });
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'oc-dashboard-trust-'));
    registry = await startSigningRegistry([makeSigningKey('SHA256:dash-key-1')]);
    await publish('signed', '1.0.0');
    await publish('attested', '1.0.0');
    await publish('granted', '1.0.0');
    await mkdir(join(root, 'outbox'));
    const notes = join(root, 'extra', 'notes');
    await mkdir(notes, { recursive: true });
    await writeFile(join(notes, 'SKILL.md'), '---\nname: notes\ndescription: Keeps notes.\n---\n');
    serve = await startServe({
      home: join(root, 'home'),
      workspace: join(root, 'ws'),
      sources: [join(root, 'extra')],
      userHome: join(root, 'user'),
      env: { PATH: process.env.PATH, npm_config_userconfig: join(root, 'npmrc') },
      port: 0,
      config: {
        runner: 'inline',
        install: { registry: registry.url },
        skills: { granted: { grant: { read: [join(root, 'outbox')] }, runner: 'worker' } },
      },
      dashboard: { dir: dashboardDir },
    });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    await page.goto(`${serve.info!.url}/#token=${encodeURIComponent(serve.info!.token)}`);
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.close();
    await registry?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const card = (name: string) => page.locator(`li[data-skill="${name}"]`);
  /** The facts list as term -> value. */
  const POLL = { timeout: 30_000, interval: 100 };
  const facts = async (scope: ReturnType<Page['locator']>) => {
    const terms = await scope.locator('dl.facts > dt').allTextContents();
    const values = await scope.locator('dl.facts > dd').allTextContents();
    return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
  };

  it('the install consent shows the verified registry signature and "no provenance" before anything is installed', async () => {
    await page.getByLabel('Install a skill').fill('oc-skill-signed@1.0.0');
    await page.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install signed@1.0.0?' });
    await dialog.waitFor({ timeout: 30_000 });
    // The page fills a dialog or card as its data arrives: poll until it holds what it should.
    await expect
      .poll(() => facts(dialog), POLL)
      .toMatchObject({
        'Registry signature': 'verified (SHA256:dash-key-1)',
        Provenance: 'no provenance (not published with a build attestation)',
      });
    expect(serve.host.snapshot().byName.has('signed')).toBe(false);
    await dialog.getByRole('button', { name: 'Install' }).click();
    await card('signed').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => facts(card('signed')), POLL)
      .toMatchObject({
        'Registry signature': 'verified (SHA256:dash-key-1)',
        Provenance: 'no provenance (not published with a build attestation)',
      });
    expect(await facts(card('signed'))).not.toHaveProperty('Source repository');
  }, 60_000);

  it('a registry install with provenance in the lockfile shows its source repository, commit, workflow and builder', async () => {
    await serve.host.install('oc-skill-attested@1.0.0', { yes: true });
    // The lockfile entry as an install with a verified attestation writes it.
    const lockFile = join(serve.host.home, 'skills.lock.json');
    const lock = JSON.parse(await readFile(lockFile, 'utf8'));
    lock.skills.attested.provenance = PROVENANCE;
    await writeFile(lockFile, JSON.stringify(lock, null, 2));
    await page.reload();
    await card('attested').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => facts(card('attested')), POLL)
      .toMatchObject({
        'Registry signature': 'verified (SHA256:dash-key-1)',
        Provenance: 'verified (https://slsa.dev/provenance/v0.2)',
        'Source repository': PROVENANCE.sourceRepository,
        Commit: PROVENANCE.commit,
        Workflow: PROVENANCE.workflow,
        Builder: PROVENANCE.builder,
      });
  }, 60_000);

  it('the install consent names the folders the config grants, and says a skill in a worker is not held to them', async () => {
    await page.getByLabel('Install a skill').fill('oc-skill-granted@1.0.0');
    await page.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install granted@1.0.0?' });
    await dialog.waitFor({ timeout: 30_000 });
    const text = await dialog.textContent();
    expect(text).toContain(`read: ${join(root, 'outbox')}`);
    expect(text).toContain(
      'grants apply only to sandboxed skills; granted runs in a worker with full file access',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(serve.host.snapshot().byName.has('granted')).toBe(false);
  }, 60_000);

  it('a skill from one of your folders shows no signature or provenance: only store installs carry them', async () => {
    await card('notes').waitFor();
    const shown = await facts(card('notes'));
    expect(shown).toMatchObject({ Name: 'notes', Source: 'extra' });
    expect(shown).not.toHaveProperty('Provenance');
    expect(shown).not.toHaveProperty('Registry signature');
  });
});
