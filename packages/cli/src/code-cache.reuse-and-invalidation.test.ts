import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheDir, runWithCodeCache } from './code-cache.js';

let tmp: string;
let bundle: string;
let cacheDir: string;

const program = (answer: number) =>
  `'use strict';\nmodule.exports = { answer: () => ${answer}, file: __filename };\n`;
const answerOf = (run: { exports: unknown }) => (run.exports as { answer(): number }).answer();

beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'code-cache-'));
  bundle = join(tmp, 'main.cjs');
  cacheDir = join(tmp, 'cache');
  await writeFile(bundle, program(42));
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

async function cacheFile(): Promise<string> {
  const files = await readdir(cacheDir);
  expect(files).toHaveLength(1);
  return join(cacheDir, files[0]!);
}

describe('runWithCodeCache', () => {
  it('runs the bundle as a CommonJS module and writes nothing without a cache folder', async () => {
    const run = runWithCodeCache(bundle, { build: 'b1', cacheDir: undefined });
    expect(run.state).toBe('off');
    expect(answerOf(run)).toBe(42);
    expect((run.exports as { file: string }).file).toBe(bundle);
    run.save();
    expect(await readdir(tmp)).toEqual(['main.cjs']);
  });

  it('saves the code after a miss (0600) and the next start uses it', async () => {
    const first = runWithCodeCache(bundle, { build: 'b1', cacheDir });
    expect([first.state, answerOf(first)]).toEqual(['miss', 42]);
    first.save();
    expect((await stat(await cacheFile())).mode & 0o777).toBe(0o600);
    const second = runWithCodeCache(bundle, { build: 'b1', cacheDir });
    expect([second.state, answerOf(second)]).toEqual(['hit', 42]);
  });

  it('ignores the cache of another build, and of a rewritten bundle file, and runs the new code', async () => {
    runWithCodeCache(bundle, { build: 'b1', cacheDir }).save();
    expect(runWithCodeCache(bundle, { build: 'b2', cacheDir }).state).toBe('stale');
    await writeFile(bundle, program(7));
    const changed = runWithCodeCache(bundle, { build: 'b1', cacheDir });
    expect([changed.state, answerOf(changed)]).toEqual(['stale', 7]);
    changed.save();
    const again = runWithCodeCache(bundle, { build: 'b1', cacheDir });
    expect([again.state, answerOf(again)]).toEqual(['hit', 7]);
  });

  it('refuses a damaged or foreign cache file, runs from source and replaces the file', async () => {
    runWithCodeCache(bundle, { build: 'b1', cacheDir }).save();
    const file = await cacheFile();
    const good = await readFile(file);
    // A byte changed in either copy of V8's data (the second ends the file, the first ends
    // where the second begins), the file cut short, something else entirely.
    const flip = (at: number) => {
      const b = Buffer.from(good);
      b[at] = b[at]! ^ 0xff;
      return b;
    };
    const second = (good.length + good.indexOf(10) + 1) / 2;
    const damaged = [
      flip(good.length - 10),
      flip(second - 10),
      good.subarray(0, good.length - 100),
    ];
    for (const bad of [...damaged, Buffer.from('not a cache')]) {
      await writeFile(file, bad);
      const run = runWithCodeCache(bundle, { build: 'b1', cacheDir });
      expect([run.state, answerOf(run)]).toEqual(['corrupt', 42]);
    }
    runWithCodeCache(bundle, { build: 'b1', cacheDir }).save();
    expect(runWithCodeCache(bundle, { build: 'b1', cacheDir }).state).toBe('hit');
  });

  it("reports V8's refusal of code made for other source text, and runs the bundle as written", async () => {
    runWithCodeCache(bundle, { build: 'b1', cacheDir }).save();
    const file = await cacheFile();
    const raw = await readFile(file);
    const nl = raw.indexOf(10);
    // A cache whose header names the new file exactly, carrying code compiled from the old one.
    await writeFile(bundle, `${program(1234)}// longer\n`);
    const st = await stat(bundle);
    const header = {
      ...(JSON.parse(raw.subarray(0, nl).toString('utf8')) as Record<string, unknown>),
      size: st.size,
      mtimeMs: st.mtimeMs,
      ino: st.ino,
    };
    await writeFile(
      file,
      Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), raw.subarray(nl + 1)]),
    );
    const run = runWithCodeCache(bundle, { build: 'b1', cacheDir });
    expect([run.state, answerOf(run)]).toEqual(['rejected', 1234]);
  });
});

describe('dynamic import in the bundle', () => {
  it("works through __import when the code comes from the cache (V8's own import() has no loader then)", async () => {
    const esm = join(tmp, 'entry.mjs');
    await writeFile(esm, 'export default 99;\n');
    await writeFile(bundle, 'module.exports = { load: (url) => __import(url) };\n');
    runWithCodeCache(bundle, { build: 'b1', cacheDir }).save();
    const run = runWithCodeCache(bundle, { build: 'b1', cacheDir });
    expect(run.state).toBe('hit');
    const load = (run.exports as { load(url: string): Promise<{ default: number }> }).load;
    expect((await load(pathToFileURL(esm).href)).default).toBe(99);
  });
});

describe('codeCacheDir', () => {
  it('is under XDG_CACHE_HOME, else the platform cache folder of HOME, else absent', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x', HOME: '/h' }, 'linux')).toBe(
      join('/x', 'openclaw-skills', 'code-cache'),
    );
    expect(codeCacheDir({ HOME: '/h' }, 'linux')).toBe(
      join('/h', '.cache', 'openclaw-skills', 'code-cache'),
    );
    expect(codeCacheDir({ HOME: '/h' }, 'darwin')).toBe(
      join('/h', 'Library/Caches', 'openclaw-skills', 'code-cache'),
    );
    expect(codeCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32')).toBe(
      join('C:\\L', 'openclaw-skills', 'code-cache'),
    );
    expect(codeCacheDir({}, 'linux')).toBeUndefined();
    expect(codeCacheDir({ HOME: '/h', OPENCLAW_SKILL_CODE_CACHE: '0' }, 'linux')).toBeUndefined();
  });
});
