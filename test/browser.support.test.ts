// The browser test support itself (test/support/browser.ts): Debian's Chromium drives a page
// served on loopback under a strict CSP, a click runs the page's script, a screenshot lands
// in the review folder and axe-core runs despite the CSP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  axeViolations,
  browserGate,
  describeViolations,
  launchBrowser,
  newContext,
  screenshot,
} from './support/browser.js';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Counter</title>
<script src="/app.js" defer></script></head>
<body><main><h1>Counter</h1>
<button type="button" id="more">Add one</button>
<p>Clicks: <output id="count">0</output></p>
<p id="inline">inline scripts blocked</p>
<script>document.getElementById('inline').textContent = 'inline script ran';</script>
</main></body></html>`;

const APP = `document.getElementById('more').addEventListener('click', () => {
  const out = document.getElementById('count');
  out.textContent = String(Number(out.textContent) + 1);
});`;

const run = browserGate('browser support');

describe.skipIf(!run)('browser support', () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const csp = "default-src 'self'; frame-ancestors 'none'";
      if (req.url === '/app.js') {
        res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': csp });
        return res.end(APP);
      }
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp });
        return res.end(PAGE);
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
  });

  it('a click on a loopback page runs its script, the CSP blocks the inline one, and the screenshot is written', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Add one' }).click();
    await page.getByRole('button', { name: 'Add one' }).click();
    expect(await page.locator('#count').textContent()).toBe('2');
    expect(await page.locator('#inline').textContent()).toBe('inline scripts blocked');
    expect(requests).toEqual(expect.arrayContaining(['/', '/app.js']));
    const file = await screenshot(page, 'browser-support', 'counter-phone');
    expect((await stat(file)).size).toBeGreaterThan(1000);
    await context.close();
  });

  it('axe-core runs under the strict CSP and reports a missing button label as serious', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(url);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.evaluate(
      "document.querySelector('main').append(Object.assign(document.createElement('button'), { id: 'unlabelled' }))",
    );
    const found = await axeViolations(page);
    expect(found.map((v) => v.id)).toContain('button-name');
    await context.close();
  });
});
