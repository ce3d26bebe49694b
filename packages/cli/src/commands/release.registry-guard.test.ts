// `openclaw-skill release` (a scaffolded skill's `npm run release`) against a real registry
// (verdaccio on loopback) with the real changesets CLI: the registry is printed before
// anything changes, `--registry` wins over the skill's .npmrc, npm's public registry is
// refused without --public with nothing changed, and a publish the registry refuses puts the
// version and the changeset back.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmBuiltinRegistry } from '@openclaw/skill-host/internal';
import { writeReleasableSkill } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { EXIT, memoryIo } from '../io.js';
import { run } from '../program.js';

// npm's public registry, as npm itself names it (its built-in default).
const PUBLIC = npmBuiltinRegistry();
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
let root: string;
let registry: TestRegistry;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-release-'));
  registry = await startRegistry({ refusePublish: ['oc-skill-refused'] });
}, 60_000);
afterAll(async () => {
  await registry?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const skill = (name: string, npmrcRegistry: string) =>
  writeReleasableSkill(root, name, npmrcRegistry);

const cli = async (...args: string[]) => {
  const io = memoryIo({
    env: {
      ...registry.env,
      // The registry comes from the skill's .npmrc or --registry, as it would for a user.
      npm_config_registry: undefined,
      HOME: join(root, 'user'),
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
  const res = await fetch(new URL(pkg, registry.url));
  return res.ok ? Object.keys(((await res.json()) as { versions: object }).versions) : [];
};

describe('release', () => {
  it("refuses npm's public registry from .npmrc without --public, printing it first and changing nothing", async () => {
    const dir = await skill('public', PUBLIC);
    const r = await cli('release', dir);
    expect(r.code, r.err).toBe(EXIT.USAGE);
    expect(r.err.split('\n')[0]).toBe(`· Registry: ${PUBLIC}`);
    expect(r.err).toContain('without --public');
    expect(await version(dir)).toBe('1.0.0');
    expect(await readFile(join(dir, '.changeset/new-tool.md'), 'utf8')).toContain('minor');
  });

  it('publishes to --registry over the .npmrc one, printed before anything changes', async () => {
    const dir = await skill('trial', PUBLIC);
    const r = await cli('release', dir, '--registry', registry.url);
    expect(r.err.split('\n')[0]).toBe(`· Registry: ${registry.url}`);
    expect(r.code, r.err).toBe(EXIT.OK);
    expect(await version(dir)).toBe('1.1.0');
    expect(await published('oc-skill-trial')).toEqual(['1.1.0']);
  }, 120_000);

  it('puts the version and the changeset back when the registry refuses the publish', async () => {
    const dir = await skill('refused', registry.url);
    const r = await cli('release', dir);
    expect(r.err.split('\n')[0]).toBe(`· Registry: ${registry.url}`);
    expect(r.code, r.err).toBe(EXIT.ERROR);
    expect(r.err).toContain('were put back');
    expect(await version(dir)).toBe('1.0.0');
    expect(await readFile(join(dir, '.changeset/new-tool.md'), 'utf8')).toContain('minor');
    expect(await published('oc-skill-refused')).toEqual([]);
  }, 120_000);
});
