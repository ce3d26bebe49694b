// A private Secret Service for keychain tests: a session dbus-daemon and gnome-keyring-daemon
// (unlocked with a throwaway password) in a temp HOME, so tests never touch a real user
// keychain. The tests talk to it from a child process given DBUS_SESSION_BUS_ADDRESS.
// Without the binaries: under CI=true the suite fails saying what to install; elsewhere it
// is skipped with one printed line.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SecretService {
  /** Env for a child process that should use this Secret Service. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

/** Why a Secret Service cannot be started here, or undefined when it can. */
export function secretServiceUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  const missing = ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon'].filter((b) => !has(b));
  return missing.length
    ? `${missing.join(' and ')} not installed (node scripts/system-packages.mjs keychain installs them)`
    : undefined;
}

const stopChild = (p: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });

export async function startSecretService(): Promise<SecretService> {
  const home = await mkdtemp(join(tmpdir(), 'oc-keyring-'));
  const runtime = join(home, 'run');
  await mkdir(runtime, { mode: 0o700 });
  const base = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_RUNTIME_DIR: runtime };
  const dbus = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], {
    env: base,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    dbus.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    dbus.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code})`)));
  });
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  const keyring = spawn(
    'gnome-keyring-daemon',
    ['--unlock', '--components=secrets', '--foreground'],
    { env, stdio: ['pipe', 'ignore', 'ignore'] },
  );
  keyring.stdin!.end('test-keyring-password');
  // Ready once the bus knows the org.freedesktop.secrets name (polled with dbus-send).
  const started = Date.now();
  for (;;) {
    if (keyring.exitCode !== null)
      throw new Error(`gnome-keyring-daemon exited (${keyring.exitCode})`);
    const r = spawnSync(
      'dbus-send',
      [
        '--session',
        '--dest=org.freedesktop.DBus',
        '--type=method_call',
        '--print-reply',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.secrets',
      ],
      { env, encoding: 'utf8' },
    );
    if (r.stdout?.includes('boolean true')) break;
    if (Date.now() - started > 20_000) {
      await stopChild(keyring);
      await stopChild(dbus);
      throw new Error('gnome-keyring-daemon did not register org.freedesktop.secrets within 20 s');
    }
    await new Promise((r2) => setTimeout(r2, 50));
  }
  return {
    env,
    async stop() {
      await stopChild(keyring);
      await stopChild(dbus);
      await rm(home, { recursive: true, force: true });
    },
  };
}
