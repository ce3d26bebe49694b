// What `pack` refuses to ship, as pure functions over the file list `npm pack --dry-run`
// gives and the files' text: secrets (.env files, private keys, an .npmrc holding a token)
// and tests the package did not say it ships. Each refusal names the file and why.
import picomatch from 'picomatch';

export interface Refusal {
  /** Path inside the package, as npm lists it. */
  file: string;
  rule: 'ENV_FILE' | 'PRIVATE_KEY' | 'NPMRC_TOKEN' | 'TEST_FILE';
  reason: string;
}

export interface ShippedFile {
  path: string;
  /** The file's text (or its first megabyte); undefined when it could not be read. */
  text?: string;
}

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const opts = { dot: true, nocase: true };

const isEnvFile = picomatch(['**/.env', '**/.env.*', '**/.env-*'], opts);
const isKeyFile = picomatch(
  [
    '**/*.pem',
    '**/*.key',
    '**/*.p12',
    '**/*.pfx',
    '**/id_rsa',
    '**/id_dsa',
    '**/id_ecdsa',
    '**/id_ed25519',
  ],
  opts,
);
/** Tests as the common runners find them (vitest, jest, mocha, node --test, tap). */
export const isTestPath = picomatch(
  [
    '**/*.test.*',
    '**/*.spec.*',
    '**/*_test.*',
    '**/__tests__/**',
    'test/**',
    'tests/**',
    '**/test-*.{js,mjs,cjs,ts}',
  ],
  { dot: true },
);
const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----/;
// npm's credentials: `//host/:_authToken=`, `_auth=`, `_password=` (user config keys too).
const NPM_TOKEN = /(^|\n)\s*[^#;\n]*(_authToken|_auth|_password)\s*=/;

/**
 * Whether package.json `files` says the tests are meant to ship: one of its entries is itself
 * a test path or folder (`"test"`, `"tests/**"`, `"src/*.test.js"`) and covers the file.
 */
export function testsMeant(files: readonly string[] | undefined, path: string): boolean {
  for (const raw of files ?? []) {
    const entry = raw.replace(/^\.?\//, '').replace(/\/+$/, '');
    if (!entry || entry.startsWith('!')) continue;
    const folder = entry.replace(/\/\*\*(\/\*)?$/, '');
    const namesTests = isTestPath(entry) || isTestPath(`${folder}/x.js`);
    if (!namesTests) continue;
    if (path === entry || path.startsWith(`${folder}/`) || picomatch(entry, { dot: true })(path))
      return true;
  }
  return false;
}

export function refusals(files: readonly ShippedFile[], pkgFiles?: readonly string[]): Refusal[] {
  const out: Refusal[] = [];
  for (const f of files) {
    const name = base(f.path);
    if (isEnvFile(f.path) || name.toLowerCase() === '.env') {
      out.push({
        file: f.path,
        rule: 'ENV_FILE',
        reason: 'an .env file holds secrets and local settings',
      });
    } else if (isKeyFile(f.path)) {
      out.push({ file: f.path, rule: 'PRIVATE_KEY', reason: 'it is named like a private key' });
    } else if (f.text !== undefined && PRIVATE_KEY.test(f.text)) {
      out.push({ file: f.path, rule: 'PRIVATE_KEY', reason: 'it contains a PRIVATE KEY block' });
    } else if (name === '.npmrc' && f.text !== undefined && NPM_TOKEN.test(f.text)) {
      out.push({ file: f.path, rule: 'NPMRC_TOKEN', reason: 'it holds a registry token' });
    } else if (isTestPath(f.path) && !testsMeant(pkgFiles, f.path)) {
      out.push({
        file: f.path,
        rule: 'TEST_FILE',
        reason: 'tests do not belong in the package unless package.json "files" names them',
      });
    }
  }
  return out;
}
