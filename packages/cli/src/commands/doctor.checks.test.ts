import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

interface Check {
  name: string;
  status: string;
  message: string;
  hint?: string;
}

// The keychain probe talks to the session bus named by the process environment: point it at
// nothing, so this suite never touches a real keychain.
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
beforeAll(() => {
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus';
});
afterAll(() => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
});

async function doctor(home: string) {
  const io = memoryIo();
  const code = await run(['doctor', '--json', '--home', home], io);
  const out = JSON.parse(io.out) as { checks: Check[] };
  return { code, checks: Object.fromEntries(out.checks.map((c) => [c.name, c])) };
}

describe('openclaw-skill doctor', () => {
  it('reports Node, a valid config, the keychain unreachable with why and the file-store opt-in, and no serve', async () => {
    const home = await mkdtemp(join(tmpdir(), 'oc-doctor-'));
    const { code, checks } = await doctor(home);
    expect(code).toBe(0);
    expect(checks.node).toMatchObject({ status: 'ok', message: `Node ${process.version}` });
    expect(checks.config!.status).toBe('ok');
    expect(checks.keychain!.status).toBe(
      process.platform === 'linux' ? 'warn' : checks.keychain!.status,
    );
    if (process.platform === 'linux') {
      expect(checks.keychain!.message).toMatch(
        /^No OS keychain is reachable.+set "auth": \{ "store": "file" \}/,
      );
    }
    expect(checks.serve).toMatchObject({
      status: 'ok',
      message: 'no serve is running for this home',
    });
  });

  it('warns about a world-writable home and a serve.json readable by others or left by a dead serve; a live pid is reported running', async () => {
    const home = await mkdtemp(join(tmpdir(), 'oc-doctor-'));
    await chmod(home, 0o777);
    await writeFile(
      join(home, 'serve.json'),
      JSON.stringify({ url: 'http://127.0.0.1:1', pid: 2 ** 22 + 7 }),
      { mode: 0o644 },
    );
    await chmod(join(home, 'serve.json'), 0o644);
    const bad = await doctor(home);
    expect(bad.checks.home).toMatchObject({ status: 'warn', hint: `chmod 755 ${home}` });
    expect(bad.checks['serve.json']).toMatchObject({
      status: 'warn',
      hint: `chmod 600 ${join(home, 'serve.json')}`,
    });
    expect(bad.checks.serve!.status).toBe('warn');
    expect(bad.checks.serve!.message).toContain('not running');
    await chmod(home, 0o700);
    await writeFile(
      join(home, 'serve.json'),
      JSON.stringify({ url: 'http://127.0.0.1:9', pid: process.pid }),
      { mode: 0o600 },
    );
    const good = await doctor(home);
    expect(good.checks.home!.status).toBe('ok');
    expect(good.checks.serve).toMatchObject({
      status: 'ok',
      message: `serve is running (pid ${process.pid}) at http://127.0.0.1:9`,
    });
  });

  it('an invalid config is a failed check naming the file, and exits 1', async () => {
    const home = await mkdtemp(join(tmpdir(), 'oc-doctor-'));
    await mkdir(home, { recursive: true });
    await writeFile(join(home, 'config.json'), '{"auth": {"store": "vault"}}');
    const { code, checks } = await doctor(home);
    expect(code).toBe(1);
    expect(checks.config).toMatchObject({ status: 'fail' });
    expect(checks.config!.message).toContain(join(home, 'config.json'));
  });
});
