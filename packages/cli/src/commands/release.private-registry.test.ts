// `openclaw-skill release` to a private registry (verdaccio on loopback where only a
// logged-in user may publish) with the real changesets CLI: the token in the user's .npmrc
// (a temp HOME) publishes; without it the release refuses in one line naming the registry and
// `npm login`, and puts the version back. The token never appears in the output.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReleasableSkill } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { EXIT, memoryIo } from '../io.js';
import { run } from '../program.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
let root: string;
let registry: TestRegistry;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-release-private-'));
  registry = await startRegistry({ restricted: true });
}, 60_000);
afterAll(async () => {
  await registry?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const skill = (name: string) => writeReleasableSkill(root, name, registry.url);

/** The CLI with a user home whose .npmrc holds `userNpmrc`, and nothing else of the suite's. */
const cli = async (userNpmrc: string, ...args: string[]) => {
  const user = await mkdtemp(join(root, 'user-'));
  await writeFile(join(user, '.npmrc'), userNpmrc);
  const io = memoryIo({
    env: {
      HOME: user,
      npm_config_cache: join(root, 'npm-cache'),
      npm_config_update_notifier: 'false',
      // The changesets CLI of this repository stands in for the skill's own devDependency.
      PATH: [join(ROOT, 'node_modules/.bin'), process.env.PATH ?? ''].join(delimiter),
    },
    cwd: root,
  });
  const code = await run([...args, '--home', join(root, 'home')], io);
  return { code, out: io.out, err: io.err };
};

const version = async (dir: string) =>
  (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

const published = async (pkg: string) => {
  const res = await fetch(new URL(pkg, registry.url), {
    headers: { authorization: `Bearer ${registry.token}` },
  });
  return res.ok ? Object.keys(((await res.json()) as { versions: object }).versions) : [];
};

describe('release to a private registry', () => {
  it('publishes with the token from the user .npmrc, which never appears in the output', async () => {
    const token = await registry.addUser('releaser', 'releaser-password');
    const dir = await skill('private');
    const { host } = new URL(registry.url);
    const r = await cli(`//${host}/:_authToken=${token}\n`, 'release', dir);
    expect(r.code, r.err).toBe(EXIT.OK);
    expect(r.out).toContain(`Released to ${registry.url}`);
    expect(await published('oc-skill-private')).toEqual(['1.1.0']);
    expect(r.out + r.err).not.toContain(token);
  }, 180_000);

  it('without a token refuses in one line naming the registry and npm login, and puts the version back', async () => {
    const dir = await skill('anonymous');
    const r = await cli('', 'release', dir);
    expect(r.code).toBe(EXIT.ERROR);
    const line = r.err.split('\n').find((l) => l.startsWith('openclaw-skill:'));
    expect(line).toBe(
      `openclaw-skill: The registry ${registry.url} refused the publish (HTTP 401: login required); no credentials for it are in your npm configuration (.npmrc or npm_config_*); versions, CHANGELOG.md and the changesets were put back.`,
    );
    expect(r.err).toContain(`hint: Run \`npm login --registry ${registry.url}\``);
    expect(await version(dir)).toBe('1.0.0');
    expect(await published('oc-skill-anonymous')).toEqual([]);
  }, 180_000);
});
