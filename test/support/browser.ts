// Headless Chromium for browser tests: Debian's `chromium` driven by playwright-core (which
// never downloads a browser of its own), launched once per suite with the flags a closed
// machine needs. Also: screenshots for review under .tmp/screenshots/ and an axe-core check.
// Without the browser: under CI=true the suite fails saying what to install; elsewhere it is
// skipped with one printed line (see browserGate).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where the browser is: Debian's package, or OPENCLAW_CHROMIUM for another build. */
export const CHROMIUM_PATH = process.env.OPENCLAW_CHROMIUM ?? '/usr/bin/chromium';

/** Screenshots for a person to review (gitignored, under the repo's .tmp/). */
export const SCREENSHOT_DIR = resolve(
  process.env.OPENCLAW_SCREENSHOT_DIR ??
    join(import.meta.dirname, '..', '..', '.tmp', 'screenshots'),
);

/** Phone and desktop viewports the dashboard is checked at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

// No network beyond loopback here: nothing in the browser may phone home or wait for it.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Why the browser cannot run here, or undefined when it can. */
export function browserUnavailable(): string | undefined {
  if (!existsSync(CHROMIUM_PATH))
    return `no Chromium at ${CHROMIUM_PATH} (node scripts/system-packages.mjs browser installs it)`;
  return undefined;
}

/**
 * Call at the top of a browser suite: true when it can run. Under CI=true a missing browser
 * throws (the suite fails, naming what to install); elsewhere it prints one line and the
 * suite skips (`describe.skipIf(!browserGate('dashboard'))`).
 */
export function browserGate(suite: string): boolean {
  const why = browserUnavailable();
  if (!why) return true;
  if (process.env.CI === 'true') throw new Error(`The ${suite} suite needs a browser: ${why}.`);
  console.log(`${suite} suite skipped: ${why}`);
  return false;
}

/**
 * Launches Chromium once for a suite. playwright-core gives every launch a fresh temporary
 * profile (its own --user-data-dir, removed on close), so no state leaks between suites.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    // A test that hangs on the browser should fail, not wait for vitest's hook timeout.
    timeout: 30_000,
  });
}

/** A fresh context (own cookies, storage) at a named viewport. */
export function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: 'reduce' });
}

/** Writes a full-page PNG to SCREENSHOT_DIR/<suite>/<name>.png; returns its path. */
export async function screenshot(page: Page, suite: string, name: string): Promise<string> {
  const dir = join(SCREENSHOT_DIR, suite);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The path of a screenshot relative to the repo, for messages. */
export const shownPath = (file: string): string =>
  relative(join(import.meta.dirname, '..', '..'), file);

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const axeSource = (): string => {
  const require = createRequire(import.meta.url);
  return (require('axe-core') as { source: string }).source;
};

/**
 * Runs axe-core in the page and returns its violations at `minImpact` or worse. The source is
 * evaluated through the DevTools protocol, which a strict Content-Security-Policy does not
 * block (an injected <script> would be).
 */
export async function axeViolations(
  page: Page,
  minImpact: 'serious' | 'moderate' = 'serious',
): Promise<AxeViolation[]> {
  await page.evaluate(axeSource());
  // A string: it runs in the page, whose globals (document, axe) Node's types do not know.
  const violations: unknown = await page.evaluate('axe.run(document).then((r) => r.violations)');
  const order = ['minor', 'moderate', 'serious', 'critical'];
  return (violations as AxeViolation[]).filter(
    (v) => order.indexOf(v.impact ?? 'minor') >= order.indexOf(minImpact),
  );
}

/** One line per violation, for an assertion message a person can act on. */
export const describeViolations = (vs: AxeViolation[]): string =>
  vs
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    )
    .join('\n');
