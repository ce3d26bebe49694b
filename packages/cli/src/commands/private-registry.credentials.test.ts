// A private registry (verdaccio on loopback where only a logged-in user may read or publish)
// through the real CLI entry: the token in the user's .npmrc (a temp HOME) makes search, info,
// install, update and outdated work; without it each refuses in one line naming the registry
// and `npm login`; a wrong token says it was sent; a scoped registry from the project's .npmrc
// serves its scope while another registry stays the default. The token never appears in any
// output.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let priv: TestRegistry;
let open: TestRegistry;
let root: string;
let userToken: string;

beforeAll(async () => {
  priv = await startRegistry({ restricted: true });
  open = await startRegistry();
  root = await mkdtemp(join(tmpdir(), 'oc-cli-private-'));
  for (const version of ['1.0.0', '1.1.0']) {
    await priv.publish(await writeSkillPackage({ skill: 'counter', version }));
  }
  await priv.publish(
    await writeSkillPackage({
      skill: 'notes',
      package: '@private/oc-skill-notes',
      version: '2.0.0',
    }),
  );
  userToken = await priv.addUser('ada', 'ada-password');
  // A skill on the open registry whose one dependency is only on the private one.
  await priv.publish(
    await writeSkillPackage({
      skill: 'dep',
      package: '@private/oc-dep',
      version: '1.0.0',
      notASkill: true,
    }),
  );
  await open.publish(
    await writeSkillPackage({
      skill: 'withdep',
      version: '1.0.0',
      dependencies: { '@private/oc-dep': '^1.0.0' },
    }),
  );
}, 120_000);

afterAll(async () => {
  await priv?.close();
  await open?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

interface Setup {
  /** The user's ~/.npmrc (absent: no file). */
  userNpmrc?: string;
  /** The project's .npmrc, in the workspace folder. */
  projectNpmrc?: string;
}

/** A fresh user home, workspace and host home; the CLI run with only that environment. */
async function setup(s: Setup) {
  const dir = await mkdtemp(join(root, 'case-'));
  const user = join(dir, 'user');
  const workspace = join(dir, 'ws');
  await mkdir(user, { recursive: true });
  await mkdir(workspace, { recursive: true });
  if (s.userNpmrc !== undefined) await writeFile(join(user, '.npmrc'), s.userNpmrc);
  if (s.projectNpmrc !== undefined) await writeFile(join(workspace, '.npmrc'), s.projectNpmrc);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: user,
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_update_notifier: 'false',
  };
  const cli = async (...args: string[]) => {
    const io = memoryIo({ env, cwd: workspace });
    const code = await run([...args, '--home', join(dir, 'home'), '--workspace', workspace], io);
    return { code, out: io.out, err: io.err };
  };
  return { cli, dir };
}

const authLine = (url: string, token: string) =>
  `//${new URL(url).host}${new URL(url).pathname}:_authToken=${token}\n`;

const errorLines = (err: string) => err.split('\n').filter((l) => l.startsWith('openclaw-skill:'));

describe('a private registry with the token in the user .npmrc', () => {
  it('search, info, install, update and outdated succeed, and the token is in no output', async () => {
    const { cli } = await setup({
      userNpmrc: `registry=${priv.url}\n${authLine(priv.url, userToken)}`,
    });
    const runs = [
      await cli('search', 'counter', '--json'),
      await cli('info', 'oc-skill-counter@1.0.0', '--json'),
      await cli('install', 'oc-skill-counter@^1.0.0', '--yes', '--json'),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    const [search, info, install] = runs.map((r) => JSON.parse(r.out) as unknown);
    // Each hit is read as info reads it (with the token): no `problem` on it.
    expect(search).toEqual([expect.not.objectContaining({ problem: expect.anything() })]);
    expect(search).toMatchObject([{ package: 'oc-skill-counter', skill: 'counter' }]);
    expect(info).toMatchObject({ version: '1.0.0' });
    expect(install).toMatchObject({ action: 'installed', name: 'counter', version: '1.1.0' });
    await priv.publish(await writeSkillPackage({ skill: 'counter', version: '1.2.0' }));
    const outdated = await cli('outdated', '--json');
    expect(outdated.code).toBe(0);
    expect(JSON.parse(outdated.out)).toEqual([
      expect.objectContaining({
        name: 'counter',
        current: '1.1.0',
        wanted: '1.2.0',
        registry: priv.url,
      }),
    ]);
    const update = await cli('update', 'counter', '--yes', '--json');
    expect(update.code).toBe(0);
    expect(update.out).toContain('"version": "1.2.0"');
    for (const r of [...runs, outdated, update]) {
      expect(r.out + r.err).not.toContain(userToken);
    }
  }, 180_000);
});

describe('a private registry without credentials', () => {
  const refusal = (url: string, what: string) =>
    `openclaw-skill: The registry ${url} refused ${what} (HTTP 401: login required); no credentials for it are in your npm configuration (.npmrc or npm_config_*).`;

  it('info and install refuse in one line naming the registry, with the npm login hint', async () => {
    const { cli } = await setup({ userNpmrc: `registry=${priv.url}\n` });
    for (const args of [
      ['info', 'oc-skill-counter@1.0.0'],
      ['install', 'oc-skill-counter@1.0.0', '--yes'],
    ]) {
      const r = await cli(...args);
      expect(r.code).toBe(1);
      expect(errorLines(r.err)).toEqual([refusal(priv.url, 'oc-skill-counter@1.0.0')]);
      expect(r.err).toContain(`hint: Run \`npm login --registry ${priv.url}\``);
    }
  }, 120_000);

  it('update and outdated of an install made with the token refuse once the token is gone', async () => {
    const { cli, dir } = await setup({
      userNpmrc: `registry=${priv.url}\n${authLine(priv.url, userToken)}`,
    });
    expect((await cli('install', 'oc-skill-counter@1.0.0', '--yes')).code).toBe(0);
    await writeFile(join(dir, 'user', '.npmrc'), `registry=${priv.url}\n`);
    const outdated = await cli('outdated', '--json');
    expect(outdated.code).toBe(1);
    expect(JSON.parse(outdated.out)).toMatchObject({
      error: {
        code: 'REGISTRY_ERROR',
        message: expect.stringContaining(`The registry ${priv.url} refused oc-skill-counter`),
        hint: expect.stringContaining(`npm login --registry ${priv.url}`),
      },
    });
    const update = await cli('update', 'counter', '--yes');
    expect(update.code).toBe(1);
    expect(errorLines(update.err)[0]).toContain(`The registry ${priv.url} refused`);
  }, 120_000);

  it('search finds nothing (the registry hides what anonymous users may not read) and says no credentials were sent', async () => {
    const { cli } = await setup({ userNpmrc: `registry=${priv.url}\n` });
    const r = await cli('search', 'counter');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`No skills found for "counter" on ${priv.url}\n`);
    expect(r.err).toContain(`npm login --registry ${priv.url}`);
  }, 60_000);

  it('a wrong token is sent and refused, and the message says so without printing it', async () => {
    const wrong = 'not-a-real-token-0123456789';
    const { cli } = await setup({
      userNpmrc: `registry=${priv.url}\n${authLine(priv.url, wrong)}`,
    });
    const r = await cli('install', 'oc-skill-counter@1.0.0', '--yes', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({
      error: {
        code: 'REGISTRY_ERROR',
        message: `The registry ${priv.url} refused oc-skill-counter@1.0.0 (HTTP 401: login required); the credentials in your npm configuration were sent and not accepted.`,
      },
    });
    expect(r.out + r.err).not.toContain(wrong);
  }, 60_000);
});

describe('a scoped registry in the project .npmrc', () => {
  it('@private/x installs from @private:registry while the default registry is another one', async () => {
    const { cli, dir } = await setup({
      userNpmrc: `registry=${open.url}\n${authLine(priv.url, userToken)}`,
      projectNpmrc: `@private:registry=${priv.url}\n`,
    });
    const info = await cli('info', '@private/oc-skill-notes', '--json');
    expect(info.code).toBe(0);
    expect(JSON.parse(info.out)).toMatchObject({ version: '2.0.0' });
    const r = await cli('install', '@private/oc-skill-notes', '--yes', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ action: 'installed', name: 'notes' });
    const lock = JSON.parse(await readFile(join(dir, 'home', 'skills.lock.json'), 'utf8')) as {
      skills: Record<string, { registry?: string }>;
    };
    expect(lock.skills.notes?.registry).toBe(priv.url);
    // The default registry was never asked for it: it does not have it.
    expect((await fetch(new URL('@private%2foc-skill-notes', open.url))).status).toBe(404);
  }, 120_000);

  it('without the token, the scoped refusal hint names the scope', async () => {
    const { cli } = await setup({
      userNpmrc: `registry=${open.url}\n`,
      projectNpmrc: `@private:registry=${priv.url}\n`,
    });
    const r = await cli('install', '@private/oc-skill-notes', '--yes');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`hint: Run \`npm login --registry ${priv.url} --scope @private\``);
  }, 60_000);
});

describe('a token only in the project .npmrc', () => {
  const projectNpmrc = (token?: string) =>
    `registry=${open.url}\n@private:registry=${priv.url}\n${token ? authLine(priv.url, token) : ''}`;

  it('the dependency npm installs from the private registry gets it: the skill installs, and the token is in no output', async () => {
    const { cli, dir } = await setup({ projectNpmrc: projectNpmrc(userToken) });
    const r = await cli('install', 'oc-skill-withdep@1.0.0', '--yes', '--json');
    expect(errorLines(r.err)).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ action: 'installed', name: 'withdep' });
    const dep = join(
      dir,
      'home',
      'store',
      'withdep',
      '1.0.0',
      'node_modules',
      '@private',
      'oc-dep',
    );
    expect(JSON.parse(await readFile(join(dep, 'package.json'), 'utf8'))).toMatchObject({
      name: '@private/oc-dep',
      version: '1.0.0',
    });
    expect(r.out + r.err).not.toContain(userToken);
  }, 120_000);

  it('without it, the dependency install is REGISTRY_ERROR naming the registry, with the npm login hint for the scope', async () => {
    const { cli } = await setup({ projectNpmrc: projectNpmrc() });
    const r = await cli('install', 'oc-skill-withdep@1.0.0', '--yes', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({
      error: {
        code: 'REGISTRY_ERROR',
        message: `The registry ${priv.url} refused @private/oc-dep (HTTP 401: login required); no credentials for it are in your npm configuration (.npmrc or npm_config_*).`,
        hint: `Run \`npm login --registry ${priv.url} --scope @private\` (it writes the token to your user .npmrc), then try again.`,
      },
    });
  }, 120_000);

  it('a wrong token there is sent by the dependency install and refused, and the message says so without printing it', async () => {
    const wrong = 'not-a-real-token-9876543210';
    const { cli } = await setup({ projectNpmrc: projectNpmrc(wrong) });
    const r = await cli('install', 'oc-skill-withdep@1.0.0', '--yes', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({
      error: {
        code: 'REGISTRY_ERROR',
        message: `The registry ${priv.url} refused @private/oc-dep (HTTP 401: login required); the credentials in your npm configuration were sent and not accepted.`,
      },
    });
    expect(r.out + r.err).not.toContain(wrong);
  }, 120_000);
});
