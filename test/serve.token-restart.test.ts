// A real `openclaw-skill serve` process, stopped and started again for the same home, answers
// the token it printed the first time (a pasted client config keeps working), and
// `serve --new-token` replaces it. Tokens are compared as booleans so none is ever printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild } from './serve-child.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-token-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Starts serve for the home, returns its token, stops it with SIGTERM (exit 0). */
async function tokenOfOneStart(home: string, extra: string[] = []): Promise<string> {
  const serve = await startServeChild([
    '--home',
    home,
    '--workspace',
    root,
    '--no-watch',
    ...extra,
  ]);
  serve.child.kill('SIGTERM');
  expect(await serve.exited).toBe(0);
  return serve.ready.token;
}

describe('openclaw-skill serve token across restarts', () => {
  it('a second start prints the same token; --new-token prints another, kept for the next start', async () => {
    const home = join(root, 'home');
    const first = await tokenOfOneStart(home);
    const second = await tokenOfOneStart(home);
    expect(second === first).toBe(true);
    const rotated = await tokenOfOneStart(home, ['--new-token']);
    expect(rotated === first).toBe(false);
    expect((await tokenOfOneStart(home)) === rotated).toBe(true);
  });
});
