// The `npm install` of a skill's dependencies gets the host's registry configuration in its
// environment, never on its command line (a stand-in `npm` on PATH records both); and a
// registry refusal in npm's output becomes REGISTRY_ERROR naming the registry that refused.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { installDependencies } from './dependencies.js';
import { npmRefusal } from './npm-refusal.js';

const TOKEN = 'project-only-token-4b1e9d';
const PRIVATE = 'http://private.test/npm/';

describe('the npm child of a dependency install', () => {
  it('sees the token and scoped registry in its environment; its command line holds neither the token nor a credential key', async () => {
    const root = await tempDir('oc-npm-child-');
    const bin = join(root, 'bin');
    const dir = join(root, 'pkg');
    const record = join(root, 'record');
    await mkdir(bin);
    await mkdir(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0' }));
    // A Node program, as npm is (npm-cli.js): records its arguments and environment, succeeds.
    await writeFile(
      join(bin, 'npm'),
      `#!/usr/bin/env node\nrequire('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), env: process.env }));\n`,
      { mode: 0o755 },
    );
    const npm = { '@corp:registry': PRIVATE, '//private.test/npm/:_authToken': TOKEN };
    await installDependencies(dir, {
      registry: 'http://open.test/',
      cache: join(root, 'cache'),
      npm,
      npmEnv: {
        'npm_config_@corp:registry': PRIVATE,
        'npm_config_//private.test/npm/:_authToken': TOKEN,
      },
      env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: root },
    });
    const seen = JSON.parse(await readFile(record, 'utf8')) as {
      argv: string[];
      env: Record<string, string>;
    };
    expect(seen.env['npm_config_//private.test/npm/:_authToken']).toBe(TOKEN);
    expect(seen.argv.join(' ')).not.toContain(TOKEN);
    expect(seen.argv.join(' ')).not.toContain('_authToken');
    expect(seen.argv).toContain(`--@corp:registry=${PRIVATE}`);
  });
});

describe('npmRefusal (a refused request in npm output)', () => {
  const npm = { '@corp:registry': PRIVATE, '//private.test/npm/:_authToken': TOKEN };
  const output = (status: number, url: string) =>
    [
      'npm http fetch GET 200 http://open.test/left-pad 12ms (cache miss)',
      `npm http fetch GET ${status} ${url} 8ms (cache skip)`,
      'npm error code E401',
      'npm error Unable to authenticate, your authentication token seems to be invalid.',
    ].join('\n');

  it('names the scoped registry that refused, the package, and that credentials were sent', () => {
    const e = npmRefusal(output(401, `${PRIVATE}@corp%2fdep`), 'http://open.test/', npm);
    expect(e).toMatchObject({
      code: 'REGISTRY_ERROR',
      message: `The registry ${PRIVATE} refused @corp/dep (HTTP 401: login required); the credentials in your npm configuration were sent and not accepted.`,
      hint: `Run \`npm login --registry ${PRIVATE} --scope @corp\` (it writes the token to your user .npmrc), then try again.`,
    });
    expect(JSON.stringify(e)).not.toContain(TOKEN);
  });

  it('a 403 from a registry without credentials says none were configured', () => {
    const e = npmRefusal(output(403, 'http://open.test/secret-dep'), 'http://open.test/', npm);
    expect(e?.message).toBe(
      'The registry http://open.test/ refused secret-dep (HTTP 403: access denied); no credentials for it are in your npm configuration (.npmrc or npm_config_*).',
    );
  });

  it('a refused tarball download (a lockfile install fetches no metadata) names its package and scope registry', () => {
    const e = npmRefusal(
      output(401, `${PRIVATE}@corp/dep/-/dep-1.0.0.tgz`),
      'http://open.test/',
      npm,
    );
    expect(e?.message).toBe(
      `The registry ${PRIVATE} refused @corp/dep (HTTP 401: login required); the credentials in your npm configuration were sent and not accepted.`,
    );
  });

  it('output without a refused request is no refusal', () => {
    expect(
      npmRefusal('npm error code E404\nnpm error 404 Not Found', 'http://open.test/', npm),
    ).toBeUndefined();
  });
});
