// Installs the Debian packages that some test suites need (a Secret Service for the
// keychain, a browser for the dashboard, ...) when they are missing. Run by `pnpm test`
// before the tests. As root on Debian it installs them with apt-get; anywhere else it prints
// the one command to run and carries on: the suites that need a package say so themselves.
//   node scripts/system-packages.mjs            every group
//   node scripts/system-packages.mjs keychain   one group
import { execFileSync, spawnSync } from 'node:child_process';

/** Feature group -> Debian packages. Add a group beside the suite that needs it. */
export const GROUPS = {
  keychain: ['gnome-keyring', 'dbus-x11', 'dbus'],
  // The shared store suites start a private cluster with initdb/pg_ctl (test/support/postgres.ts).
  postgres: ['postgresql'],
  // The dashboard's browser tests (test/support/browser.ts): Chromium driven by playwright-core,
  // and a font so screenshots show text.
  browser: ['chromium', 'fonts-dejavu-core'],
};

const wanted = process.argv.slice(2);
const groups = wanted.length ? wanted : Object.keys(GROUPS);
for (const g of groups) {
  if (!(g in GROUPS)) {
    console.error(
      `system-packages: unknown group "${g}" (known: ${Object.keys(GROUPS).join(', ')})`,
    );
    process.exit(2);
  }
}

const installed = (pkg) => {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
};

if (process.platform !== 'linux' || spawnSync('dpkg-query', ['--version']).status !== 0) {
  console.log('system-packages: not a Debian system; suites needing system services may not run.');
  process.exit(0);
}
const missing = [...new Set(groups.flatMap((g) => GROUPS[g]))].filter((p) => !installed(p));
if (missing.length === 0) process.exit(0);
const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
if (process.getuid?.() !== 0) {
  console.log(`system-packages: missing ${missing.join(', ')}; install them with: sudo ${command}`);
  process.exit(0);
}
console.log(`system-packages: installing ${missing.join(', ')} (apt-get)…`);
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
} catch (e) {
  console.log(`system-packages: apt-get failed (${e.message.split('\n')[0]}); run: ${command}`);
}
