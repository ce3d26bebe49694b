// npm's configuration as the host reads it, from real npmrc files in temp folders: the
// environment's npm_config_* over the project's .npmrc over the user's ($HOME of the given
// environment), scoped registries picked by a package's scope, and only the options a
// registry request needs passed on.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childNpmEnv,
  loadNpmConfig,
  npmBuiltinRegistry,
  npmConfigLoader,
  registryForSpec,
  requestOptions,
} from './npm-config.js';
import { authHeaders, refusedError, sendsCredentials } from './registry-auth.js';

let root: string;
let home: string;
let project: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-npmrc-'));
  home = join(root, 'home');
  project = join(root, 'project');
  await mkdir(home);
  await mkdir(join(project, 'sub'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{}');
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

// The machine's global npmrc is set aside: each test says every file that applies.
const noGlobal = () => join(root, 'no-global-npmrc');
const env = (extra: NodeJS.ProcessEnv = {}) => ({
  HOME: home,
  PATH: '',
  npm_config_globalconfig: noGlobal(),
  ...extra,
});

describe('which npmrc wins', () => {
  it('the project .npmrc (found from a subfolder) overrides the user one, npm_config_* overrides both', async () => {
    await writeFile(join(home, '.npmrc'), 'registry=http://user.test/\n');
    await writeFile(join(project, '.npmrc'), 'registry=http://project.test/\n');
    const cwd = join(project, 'sub');
    expect((await loadNpmConfig({ env: env(), cwd })).registry).toBe('http://project.test/');
    const fromEnv = env({ npm_config_registry: 'http://env.test' });
    expect((await loadNpmConfig({ env: fromEnv, cwd })).registry).toBe('http://env.test/');
    await rm(join(project, '.npmrc'));
    expect((await loadNpmConfig({ env: env(), cwd })).registry).toBe('http://user.test/');
  });

  it("reads the user .npmrc of the given environment's HOME, and npm's default registry without one", async () => {
    const empty = await mkdtemp(join(root, 'empty-home-'));
    const c = await loadNpmConfig({
      env: { HOME: empty, PATH: '', npm_config_globalconfig: noGlobal() },
      cwd: empty,
    });
    expect(c.registry).toBe(npmBuiltinRegistry());
    expect(c.options).toEqual({});
  });

  it('does not change the environment it is given', async () => {
    const given = env();
    await loadNpmConfig({ env: given, cwd: project });
    expect(given).toEqual(env());
  });

  it('a loader reads the files once, and again only after one of them changed (an npm login)', async () => {
    await writeFile(join(home, '.npmrc'), 'registry=http://first.test/\n');
    const load = npmConfigLoader({ env: env(), cwd: home });
    const first = await load();
    expect(first.registry).toBe('http://first.test/');
    expect(await load()).toBe(first);
    await writeFile(
      join(home, '.npmrc'),
      'registry=http://second.test/\n//second.test/:_authToken=t\n',
    );
    const second = await load();
    expect(second.registry).toBe('http://second.test/');
    expect(second.options).toEqual({ '//second.test/:_authToken': 't' });
    expect(await load()).toBe(second);
  });
});

describe('credentials and scoped registries', () => {
  it('keeps per-registry credentials, scoped registries and TLS settings, and nothing else', async () => {
    await writeFile(
      join(home, '.npmrc'),
      [
        '//priv.test/npm/:_authToken=tok-1',
        '@company:registry=http://priv.test/npm/',
        'strict-ssl=false',
        'save-exact=true',
        'ignore-scripts=false',
        '',
      ].join('\n'),
    );
    const c = await loadNpmConfig({ env: env(), cwd: home });
    expect(c.options).toEqual({
      '//priv.test/npm/:_authToken': 'tok-1',
      '@company:registry': 'http://priv.test/npm/',
      strictSSL: false,
    });
  });

  it('credentials and scoped registries can come from npm_config_* variables', async () => {
    const empty = await mkdtemp(join(root, 'env-only-'));
    const c = await loadNpmConfig({
      env: env({
        HOME: empty,
        'npm_config_//priv.test/:_authToken': 'env-token',
        'npm_config_@company:registry': 'http://priv.test/',
      }),
      cwd: empty,
    });
    expect(c.options).toEqual({
      '//priv.test/:_authToken': 'env-token',
      '@company:registry': 'http://priv.test/',
    });
  });

  it('a scoped name goes to its scope registry; other names and scopes to the fallback', () => {
    const options = { '@company:registry': 'http://priv.test/npm' };
    expect(registryForSpec('@company/x@^1', 'http://default.test/', options)).toBe(
      'http://priv.test/npm/',
    );
    expect(registryForSpec('x@^1', 'http://default.test/', options)).toBe('http://default.test/');
    expect(registryForSpec('@other/x', 'http://default.test/', options)).toBe(
      'http://default.test/',
    );
  });

  it('sends a token only to the registry it was configured for', () => {
    const options = { '//priv.test/npm/:_authToken': 'tok-1' };
    expect(
      authHeaders('http://priv.test/npm/-/npm/v1/keys', 'http://priv.test/npm/', options),
    ).toEqual({ authorization: 'Bearer tok-1' });
    expect(authHeaders('http://other.test/x', 'http://other.test/', options)).toEqual({});
    expect(sendsCredentials('http://other.test/', 'http://other.test/', options)).toBe(false);
  });

  it('username and _password (base64) become basic auth, as npm sends them', () => {
    const options = {
      '//priv.test/:username': 'ada',
      '//priv.test/:_password': Buffer.from('secret').toString('base64'),
    };
    expect(authHeaders('http://priv.test/pkg', 'http://priv.test/', options)).toEqual({
      authorization: `Basic ${Buffer.from('ada:secret').toString('base64')}`,
    });
  });

  it('requestOptions drops empty values and unrelated settings', () => {
    expect(requestOptions({ ca: null, proxy: '', cache: '/x', '//a/:_authToken': 't' })).toEqual({
      '//a/:_authToken': 't',
    });
  });
});

describe('the refusal', () => {
  it('names the registry without its URL credentials, says whether credentials went, and hints npm login with the scope', () => {
    const e = refusedError({
      registry: 'http://ada:pw@priv.test/npm/?x=1',
      status: 403,
      what: '@company/x@^1',
      credentialsSent: true,
    });
    expect(e.code).toBe('REGISTRY_ERROR');
    expect(e.message).toBe(
      'The registry http://priv.test/npm/ refused @company/x@^1 (HTTP 403: access denied); the credentials in your npm configuration were sent, and that account may not do this.',
    );
    expect(e.hint).toBe(
      'Run `npm login --registry http://priv.test/npm/ --scope @company` (it writes the token to your user .npmrc), then try again.',
    );
    expect(JSON.stringify(e)).not.toContain('pw');
  });
});

describe('the configuration a child npm gets', () => {
  it("the project .npmrc's token, scoped registry and request settings become npm_config_ variables; settings nobody set are left out", async () => {
    const dir = await mkdtemp(join(root, 'child-'));
    await writeFile(join(dir, 'package.json'), '{}');
    await writeFile(
      join(dir, '.npmrc'),
      '@corp:registry=http://corp.test/npm/\n//corp.test/npm/:_authToken=project-token-123\nstrict-ssl=false\n',
    );
    const emptyHome = await mkdtemp(join(root, 'child-home-'));
    const c = await loadNpmConfig({ env: env({ HOME: emptyHome }), cwd: dir });
    expect(c.childEnv).toEqual({
      'npm_config_@corp:registry': 'http://corp.test/npm/',
      'npm_config_//corp.test/npm/:_authToken': 'project-token-123',
      'npm_config_strict-ssl': 'false',
    });
  });

  it('a list value is left to the child (it cannot be one variable)', () => {
    const settings: Record<string, unknown> = { ca: ['a', 'b'], 'fetch-retries': 0 };
    expect(childNpmEnv({}, (key) => settings[key])).toEqual({ 'npm_config_fetch-retries': '0' });
  });
});
