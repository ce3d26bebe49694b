// What a fresh process loads to open a host and read its skills (what `openclaw-skill list`
// does): the scan, the catalog and the config, and none of the parts only calls, installs,
// MCP servers or watching need. Checked on the built package in a child process, whose
// module hooks record every ES module it loads (CommonJS ones are in require.cache).
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from './testing/skill-folders.js';

const exec = promisify(execFile);
const built = join(dirname(fileURLToPath(import.meta.url)), '../dist/index.js');

const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}`;

const CHILD = `
import { register, createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
register(process.env.HOOKS_URL);
const { createSkillHost } = await import(process.env.HOST_URL);
const root = process.env.ROOT;
const host = await createSkillHost({
  home: root + '/home', workspace: root + '/ws', userHome: root + '/user', env: {},
});
host.skills;
host.prompt();
await host.close();
const cjs = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(JSON.stringify([...readFileSync(process.env.LOADED_LOG, 'utf8').split('\\n'), ...cjs]));
`;

describe('opening a host', () => {
  it('loads no MCP SDK, installer, pacote, router, runner, watcher, minisearch or picomatch', async () => {
    const root = await tempDir();
    const hooks = join(root, 'hooks.mjs');
    const child = join(root, 'child.mjs');
    await writeFile(hooks, HOOKS);
    await writeFile(child, CHILD);
    const { stdout } = await exec(process.execPath, [child], {
      env: {
        PATH: process.env.PATH ?? '',
        HOOKS_URL: pathToFileURL(hooks).href,
        HOST_URL: pathToFileURL(built).href,
        LOADED_LOG: join(root, 'loaded.log'),
        ROOT: root,
      },
    });
    const loaded = (JSON.parse(stdout) as string[]).map((u) => u.replaceAll('\\', '/'));
    // The check can fail: the scan itself is among what was recorded.
    expect(loaded.some((u) => u.includes('/dist/scan/scan.js'))).toBe(true);
    const unwanted = [
      '@modelcontextprotocol/sdk',
      '/pacote/',
      '/minisearch/',
      '/picomatch/',
      '@opentelemetry/api',
      '/dist/install/installer.js',
      '/dist/router/router.js',
      '/dist/runners/worker.js',
      '/dist/runners/sandbox.js',
      '/dist/watch/watcher.js',
    ];
    expect(unwanted.filter((m) => loaded.some((u) => u.includes(m)))).toEqual([]);
  });
});
