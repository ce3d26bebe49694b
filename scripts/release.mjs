// `pnpm release`: version the packages from the pending changesets, build, publish every public
// package, then tag. Built so that a release cannot go astray:
// - the target registry comes from one place (`--registry`, else the npm configuration pnpm
//   reads: the project's and the user's .npmrc) and is printed before anything changes;
// - npm's public registry is refused unless `--public` says that is meant;
// - every file the release rewrites (package.json and manifest.json versions, CHANGELOG.md, the
//   changesets) is kept first, and put back when any step fails, so a refused publish leaves the
//   checkout as it was. The copy is also written to .tmp/release-undo.json, so a release that
//   was killed is undone by the next run before it starts.
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { collectReleaseFiles, restoreFiles, snapshotFiles } from './release-files.mjs';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const UNDO = join(ROOT, '.tmp', 'release-undo.json');

const HELP = `Usage: pnpm release [--registry <url>] [--public]

Versions the packages from .changeset/, builds, publishes every public package, then tags.
The registry is printed first; a failed step puts versions, changesets and CHANGELOGs back.

Options:
  --registry <url>  where to publish (default: the registry in your .npmrc)
  --public          allow npm's public registry as the target
  -h, --help        show this help

Trial release: pnpm registry:local, then pnpm release --registry http://127.0.0.1:4873/`;

function fail(message, code = 1) {
  console.error(`release: ${message}`);
  process.exit(code);
}

function options() {
  try {
    return parseArgs({
      options: {
        registry: { type: 'string' },
        public: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    return fail(`${e.message}\n\n${HELP}`, 2);
  }
}

const withSlash = (url) => (url.endsWith('/') ? url : `${url}/`);

async function configuredRegistry() {
  const { stdout } = await exec('pnpm', ['config', 'get', 'registry'], { cwd: ROOT });
  return stdout.trim();
}

/** npm's built-in default registry, read from npm itself with every config file set aside. */
async function publicRegistry() {
  const dir = await mkdtemp(join(tmpdir(), 'oc-release-'));
  try {
    const user = join(dir, 'user-npmrc');
    const global = join(dir, 'global-npmrc');
    await writeFile(user, '');
    await writeFile(global, '');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)),
    );
    const { stdout } = await exec('npm', ['config', 'get', 'registry'], {
      cwd: dir,
      env: { ...env, npm_config_userconfig: user, npm_config_globalconfig: global },
    });
    return withSlash(stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(step, command, args) {
  console.log(`· ${step}`);
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolveRun()
        : reject(new Error(`${step} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function undoInterrupted() {
  let saved;
  try {
    saved = JSON.parse(await readFile(UNDO, 'utf8'));
  } catch {
    return;
  }
  await restoreFiles(ROOT, saved);
  await rm(UNDO, { force: true });
  console.log('· an interrupted release was undone: versions, changesets and CHANGELOGs restored');
}

async function isGitRepo() {
  return exec('git', ['rev-parse', '--is-inside-work-tree'], { cwd: ROOT }).then(
    () => true,
    () => false,
  );
}

async function main() {
  const opts = options();
  if (opts.help) return console.log(HELP);
  const registry = withSlash(opts.registry ?? (await configuredRegistry()));
  console.log(`Release target: ${registry}`);
  if (registry === (await publicRegistry()) && !opts.public) {
    fail(
      `${registry} is npm's public registry. Pass --public to publish there, or try the release ` +
        'on a local registry first: pnpm registry:local, then pnpm release --registry http://127.0.0.1:4873/',
    );
  }
  await undoInterrupted();
  const saved = await snapshotFiles(ROOT, await collectReleaseFiles(ROOT));
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  await writeFile(UNDO, JSON.stringify(saved));
  try {
    await run('version (changesets)', 'pnpm', ['exec', 'changeset', 'version']);
    await run('manifest versions', 'node', ['scripts/sync-manifest-versions.mjs']);
    await run('build', 'pnpm', ['build']);
    await run(`publish to ${registry}`, 'pnpm', [
      ...['publish', '-r', '--access', 'public', '--no-git-checks'],
      ...['--registry', registry],
    ]);
  } catch (e) {
    await restoreFiles(ROOT, saved);
    await rm(UNDO, { force: true });
    fail(
      `${e.message}. Versions, changesets and CHANGELOGs are as they were before the release; ` +
        'packages the registry already accepted stay published and are skipped next time.',
    );
  }
  await rm(UNDO, { force: true });
  if (await isGitRepo()) await run('tag (changesets)', 'pnpm', ['exec', 'changeset', 'tag']);
  else console.log('· not a git checkout: no tags made');
  console.log(`Released to ${registry}`);
}

await main();
