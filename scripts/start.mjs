// `pnpm start`: builds, then runs `openclaw-skill serve` in this process, so Ctrl-C and
// SIGINT/SIGTERM to this process reach serve's own shutdown (it finishes calls in flight and
// removes serve.json). pnpm does not forward a signal sent to its own process to the script
// it runs, so this process also watches the package manager that started it: when that one is
// gone (killed with SIGINT or SIGTERM), serve shuts down the same way.
// `pnpm start -- --port 8787` passes the arguments to serve.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setInterval, clearInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

/** The parent of `pid`, from /proc where there is one, else `ps`. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    const ps = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
    const n = Number(ps.stdout.trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** The command name of `pid` (`sh`, `node`, `pnpm`), from /proc or `ps`. */
function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return spawnSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  }
}

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ash', 'busybox']);

/**
 * The package manager running this script (npm_lifecycle_event tells a script run from a plain
 * `node` run): the parent, or the parent's parent when a shell runs the script line.
 */
function packageManagerPid() {
  if (!process.env.npm_lifecycle_event) return undefined;
  const parent = process.ppid;
  const manager = SHELLS.has(commandOf(parent).replace(/^.*\//, '')) ? parentOf(parent) : parent;
  return manager && manager > 1 ? manager : undefined;
}

if (process.argv.includes('--build')) {
  process.argv.splice(process.argv.indexOf('--build'), 1);
  const built = spawnSync('pnpm', ['build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const manager = packageManagerPid();
if (manager !== undefined) {
  const watch = setInterval(() => {
    if (alive(manager)) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  watch.unref();
}

if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const args = process.argv.slice(2).filter((a) => a !== '--');
// The client configs serve prints run this checkout's CLI, not this launcher.
process.argv.splice(
  1,
  process.argv.length,
  fileURLToPath(new URL('openclaw-skill.mjs', import.meta.url)),
  'serve',
  ...args,
);
await import('../packages/cli/dist/bundle/openclaw-skill.cjs');
