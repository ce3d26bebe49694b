// The bearer token kept in <home>/serve-token across restarts (a pasted client config keeps
// working), replaced on request, and never taken from a file others could have read or made.
import { chmod, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../auth/index.js';
import { tempDir } from '../testing/skill-folders.js';
import { serveFixture, type ServeFixture } from './serve.fixtures.js';
import { startServe, type RunningServe, type ServeOptions } from './serve.js';
import { serveToken } from './serve-token.js';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Tokens are compared as booleans: a failing assertion must not print one.
const isToken = (t: string) => TOKEN.test(t);
let fx: ServeFixture | undefined;
let again: RunningServe | undefined;
afterEach(async () => {
  await again?.close();
  again = undefined;
  await fx?.cleanup();
  fx = undefined;
});

/** A second serve for the fixture's home, after the first one stopped. */
async function restart(fixture: ServeFixture, extra: Partial<ServeOptions> = {}) {
  await fixture.serve.close();
  return startServe({
    home: fixture.home,
    workspace: fixture.workspace,
    userHome: join(fixture.root, 'user'),
    env: {},
    port: 0,
    watch: false,
    auth: { vault: createMemoryVault() },
    ...extra,
  });
}

const skillsWith = (serve: RunningServe, token: string) =>
  fetch(`${serve.info!.url}/api/skills`, { headers: { Authorization: `Bearer ${token}` } });

describe('serve token kept across restarts', () => {
  it('a restarted serve answers the token of the first start, kept in a 0600 serve-token file', async () => {
    fx = await serveFixture();
    const first = fx.serve.info!.token;
    const file = join(fx.home, 'serve-token');
    expect((await readFile(file, 'utf8')).trim() === first).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    again = await restart(fx);
    expect(again.info!.token === first).toBe(true);
    expect((await skillsWith(again, first)).status).toBe(200);
  });

  it('newToken replaces the kept token: the old one is refused with 401, the new one answers', async () => {
    fx = await serveFixture();
    const old = fx.serve.info!.token;
    again = await restart(fx, { newToken: true });
    const fresh = again.info!.token;
    expect(isToken(fresh)).toBe(true);
    expect(fresh === old).toBe(false);
    expect((await readFile(join(fx.home, 'serve-token'), 'utf8')).trim() === fresh).toBe(true);
    expect((await skillsWith(again, old)).status).toBe(401);
    expect((await skillsWith(again, fresh)).status).toBe(200);
  });

  it('a serve-token readable by others is replaced with a warning that names the file and holds no token', async () => {
    fx = await serveFixture();
    const old = fx.serve.info!.token;
    const file = join(fx.home, 'serve-token');
    await chmod(file, 0o644);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    again = await restart(fx, { logger: pino({ level: 'warn' }, sink) });
    const fresh = again.info!.token;
    expect(fresh === old).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const logs = lines.map((l) => JSON.parse(l) as { level: number; msg: string; file: string });
    expect(logs.map((l) => [l.level, l.file])).toEqual([[40, file]]);
    expect(logs.map((l) => l.msg)).toEqual([
      `${file} was not a file only you can read and write (0600); serve made a new token. Paste the new client config into your MCP clients.`,
    ]);
    const logged = lines.join('');
    expect(logged.includes(old)).toBe(false);
    expect(logged.includes(fresh)).toBe(false);
  });

  it('a serve-token that is a symlink is not followed: the token it leads to is not used', async () => {
    fx = await serveFixture();
    const file = join(fx.home, 'serve-token');
    const planted = join(fx.root, 'planted-token');
    const known = 'k'.repeat(43);
    await writeFile(planted, `${known}\n`, { mode: 0o600 });
    await rm(file);
    await symlink(planted, file);
    again = await restart(fx);
    expect(isToken(again.info!.token)).toBe(true);
    expect(again.info!.token === known).toBe(false);
    expect((await skillsWith(again, known)).status).toBe(401);
    // The link was replaced by a file of serve's own; what it pointed at is untouched.
    expect((await readFile(file, 'utf8')).trim() === again.info!.token).toBe(true);
    expect((await readFile(planted, 'utf8')) === `${known}\n`).toBe(true);
  });

  it('a serve-token that holds no token is replaced and says so; a missing one is made', async () => {
    const home = await tempDir('oc-token-');
    try {
      const file = join(home, 'sub', 'serve-token');
      const made = await serveToken(file);
      expect(made.made).toBe('new');
      expect(isToken(made.token)).toBe(true);
      const kept = await serveToken(file);
      expect(kept.made).toBeUndefined();
      expect(kept.token === made.token).toBe(true);

      await writeFile(file, 'not a token\n', { mode: 0o600 });
      const replaced = await serveToken(file);
      expect(replaced.made).toBe('invalid');
      expect(isToken(replaced.token)).toBe(true);
      expect(replaced.token === made.token).toBe(false);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('a home where the token cannot be kept fails the start with SERVE_UNAVAILABLE naming the file', async () => {
    fx = await serveFixture();
    // A folder in the token file's place: it can be neither read as a token nor replaced.
    const file = join(fx.home, 'serve-token');
    await rm(file);
    await mkdir(join(file, 'inside'), { recursive: true });
    await expect(restart(fx)).rejects.toMatchObject({
      code: 'SERVE_UNAVAILABLE',
      message: expect.stringContaining(`Cannot keep the serve token in ${file}`),
    });
  });
});
