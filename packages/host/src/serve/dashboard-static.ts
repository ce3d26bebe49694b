// The dashboard's files at `/`: the prebuilt page (index.html, hashed JS and CSS) from a
// folder the CLI ships. Every answer carries a strict Content-Security-Policy (scripts and
// styles from this origin only, no inline script, no framing) and no-referrer. The page
// answers 401 without a session: its script then signs in with the token in the URL
// fragment, or says how to open the dashboard.
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { notFound } from './guard.js';
import { sendRefusal, type Caller } from './http.js';

export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const securityHeaders = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** The file under `dir` a URL path names, or undefined for a path that leaves the folder. */
export function fileFor(dir: string, pathname: string): string | undefined {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (rel === '/' || rel === '/index.html') return join(dir, 'index.html');
  const file = normalize(join(dir, rel));
  return file.startsWith(dir.endsWith(sep) ? dir : dir + sep) && !rel.includes('\0')
    ? file
    : undefined;
}

export function createDashboardFiles(dir: string) {
  const cache = new Map<string, Buffer>();
  const read = async (file: string) => {
    let buf = cache.get(file);
    if (!buf) {
      buf = await readFile(file);
      cache.set(file, buf);
    }
    return buf;
  };
  return async (method: string, pathname: string, caller: Caller, res: ServerResponse) => {
    if (method !== 'GET' && method !== 'HEAD') {
      // Only the page itself is a route; a POST elsewhere (an OAuth client probing for
      // endpoints) must read "not here", not "wrong method".
      if (pathname === '/' || pathname === '/index.html') {
        res.writeHead(405, { allow: 'GET, HEAD', ...securityHeaders }).end();
        return;
      }
      return sendRefusal(res, notFound(pathname));
    }
    const file = fileFor(dir, pathname);
    const isPage = file === join(dir, 'index.html');
    let body: Buffer | undefined;
    if (file) {
      try {
        body = await read(file);
      } catch {
        body = undefined;
      }
    }
    if (!file || !body) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
        .end('Not found.');
      return;
    }
    res.writeHead(isPage && caller === 'none' ? 401 : 200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      // Hashed asset names never change content; the page itself is always re-read.
      'cache-control': isPage ? 'no-store' : 'public, max-age=31536000, immutable',
      ...(isPage && caller === 'none' && { 'www-authenticate': 'Cookie' }),
      ...securityHeaders,
    });
    res.end(method === 'HEAD' ? undefined : body);
  };
}
