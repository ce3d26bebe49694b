// `openclaw-skill doctor`: what a user checks when something does not work. Node version,
// the host config, the home folder's permissions, the keychain (reachable or not, and why),
// a running `serve` for this home (serve.json and whether its pid is alive), the store against
// skills.lock.json (`--fix` repairs what disagrees), the dependency copies installed skills
// share (their size, and how much no skill uses), the configured MCP servers and, with a
// shared store, the hosts that cannot follow its lockfile.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { InstallCheck, SkillHost } from '@openclaw/skill-host';
import {
  FILE_STORE_WARNING,
  noKeychainMessage,
  pidAlive,
  probeKeychain,
  readHostConfigFile,
  resolveHome,
  sharedSize,
  sharedStoreFollowChecks,
} from '@openclaw/skill-host/internal';
import { openHost, userHomeOf } from '../host.js';
import { printJson, type Io } from '../io.js';
import { startMcpServers } from '../mcp.js';
import { globalOptions, type GlobalOptions } from '../options.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  message: string;
  hint?: string;
}

const MIN_NODE = [20, 19];

function nodeCheck(version: string): Check {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const ok = major > MIN_NODE[0]! || (major === MIN_NODE[0] && minor >= MIN_NODE[1]!);
  return ok
    ? { name: 'node', status: 'ok', message: `Node ${version}` }
    : {
        name: 'node',
        status: 'fail',
        message: `Node ${version} is too old; the host needs ${MIN_NODE.join('.')} or newer.`,
        hint: 'Install Node 20.19+ (or 22).',
      };
}

async function modeCheck(
  name: string,
  file: string,
  max: number,
  kind: string,
): Promise<Check | undefined> {
  try {
    const mode = (await stat(file)).mode & 0o777;
    if (mode & ~max) {
      return {
        name,
        status: 'warn',
        message: `${file} is ${kind} with mode ${mode.toString(8)}; others can read or change it.`,
        hint: `chmod ${max.toString(8)} ${file}`,
      };
    }
    return { name, status: 'ok', message: `${file} (${mode.toString(8)})` };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { name, status: 'fail', message: `${file} cannot be read: ${messageOf(e)}` };
  }
}

async function serveCheck(home: string): Promise<Check> {
  const file = join(home, 'serve.json');
  let info: { url?: string; pid?: number };
  try {
    info = JSON.parse(await readFile(file, 'utf8')) as typeof info;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { name: 'serve', status: 'ok', message: 'no serve is running for this home' };
    return {
      name: 'serve',
      status: 'warn',
      message: `${file} is unreadable: ${messageOf(e)}`,
    };
  }
  if (typeof info.pid === 'number' && pidAlive(info.pid))
    return {
      name: 'serve',
      status: 'ok',
      message: `serve is running (pid ${info.pid}) at ${info.url ?? '?'}`,
    };
  return {
    name: 'serve',
    status: 'warn',
    message: `${file} names pid ${info.pid ?? '?'}, which is not running (a serve that crashed).`,
    hint: `Delete ${file}: it was left by a serve that stopped.`,
  };
}

export async function runChecks(home: string): Promise<Check[]> {
  const checks: Check[] = [nodeCheck(process.version)];
  const configFile = join(home, 'config.json');
  let store: string | undefined;
  try {
    store = (await readHostConfigFile(configFile)).auth?.store;
    checks.push({ name: 'config', status: 'ok', message: `${configFile} is valid (or absent)` });
  } catch (e) {
    checks.push({ name: 'config', status: 'fail', message: messageOf(e) });
  }
  for (const c of [
    await modeCheck('home', home, 0o755, 'a folder'),
    await modeCheck('config.json', configFile, 0o644, 'a file'),
    await modeCheck(
      'serve.json',
      join(home, 'serve.json'),
      0o600,
      'a file holding the serve token',
    ),
    await modeCheck('secrets', join(home, 'secrets'), 0o700, 'the file store'),
  ])
    if (c) checks.push(c);
  if (store === 'file') {
    checks.push({
      name: 'keychain',
      status: 'warn',
      message: FILE_STORE_WARNING(join(home, 'secrets')).replace(/^warning: /, ''),
    });
  } else {
    const probe = await probeKeychain();
    checks.push(
      probe.ok
        ? {
            name: 'keychain',
            status: 'ok',
            message: `the OS keychain is reachable (${probe.kind === 'keytar' ? 'keytar' : '@napi-rs/keyring'})`,
          }
        : {
            name: 'keychain',
            status: 'warn',
            message: noKeychainMessage(probe.reason, configFile),
          },
    );
  }
  checks.push(await serveCheck(home));
  checks.push(await sharedDepsCheck(join(home, 'store')));
  return checks;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * The dependency copies shared between installed skills: how much they hold, and how much of
 * it no skill uses any more (the next install, update, rollback or remove collects that).
 */
export async function sharedDepsCheck(store: string): Promise<Check> {
  const s = await sharedSize(store);
  const unused = s.unusedPackages
    ? `; ${s.unusedPackages} no longer used (${mb(s.unusedBytes)}), collected at the next install, update, rollback or remove`
    : '';
  return {
    name: 'shared',
    status: 'ok',
    message: `${s.packages} shared dependency package(s), ${mb(s.bytes)} in ${join(store, '.shared')}${unused}`,
  };
}

/**
 * The store against the lockfile: one check per interrupted change, version out of step or
 * leftover, or one `installs ok`. With `fix`, the repairs come first, each as an ok check.
 */
export function installChecks(result: InstallCheck, lockfile: string): Check[] {
  const fixed = result.fixes.map((f): Check => ({
    name: 'installs',
    status: 'ok',
    message: `fixed: ${f.message}`,
  }));
  if (result.findings.length === 0) {
    return [
      ...fixed,
      { name: 'installs', status: 'ok', message: `the store and ${lockfile} agree` },
    ];
  }
  return [
    ...fixed,
    ...result.findings.map((f): Check => ({
      name: 'installs',
      status: f.kind === 'in-progress' ? 'warn' : 'fail',
      message: f.message,
      hint:
        f.kind === 'in-progress'
          ? 'Wait for it to finish, then run doctor again.'
          : 'Run `openclaw-skill doctor --fix` (the lockfile wins; an interrupted change is finished or undone).',
    })),
  ];
}

/**
 * One check per configured MCP server: started, answered initialize, listed its tools; or
 * the one line saying why not (command not found, connection refused, no answer in time).
 */
export async function mcpChecks(host: SkillHost, io: Io): Promise<Check[]> {
  const servers = await startMcpServers(host, io);
  return servers.map((s): Check => {
    const name = `mcp ${s.name}`;
    if (s.state === 'ready') {
      const n = s.tools.length;
      return {
        name,
        status: 'ok',
        message: `ready (${s.transport}, ${n} tool${n === 1 ? '' : 's'})`,
      };
    }
    if (s.state === 'disabled') return { name, status: 'ok', message: 'disabled in config' };
    return {
      name,
      status: 'fail',
      message: `${s.state}: ${s.reason ?? 'unknown reason'}`,
      hint: `Fix mcpServers.${s.name} in ${join(host.home, 'config.json')}.`,
    };
  });
}

/**
 * The checks that need the host: installs and MCP servers. The host is opened without its
 * start-up reconcile, so what a killed install left is reported (or, with `fix`, repaired).
 */
async function hostChecks(
  opts: GlobalOptions,
  io: Io,
  fix: boolean,
): Promise<{ checks: Check[]; fixed: InstallCheck['fixes'] }> {
  let host: SkillHost;
  try {
    host = await openHost(opts, io, { reconcileInstalls: false });
  } catch {
    return { checks: [], fixed: [] }; // a config that does not load is the config check's failure
  }
  try {
    const installs = await host.checkInstalls({ fix });
    return {
      checks: [
        ...installChecks(installs, join(host.home, 'skills.lock.json')),
        ...(await mcpChecks(host, io)),
      ],
      fixed: installs.fixes,
    };
  } finally {
    await host.close();
  }
}

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;

export function configure(cmd: Command, io: Io): void {
  cmd
    .option('--fix', 'repair what disagrees between the store and skills.lock.json')
    .action(async () => {
      const opts = globalOptions<{ fix?: boolean }>(cmd);
      const userHome = userHomeOf(io);
      const home = resolveHome({
        ...(opts.home && { home: resolve(io.cwd, opts.home) }),
        ...(userHome && { userHome }),
        env: io.env,
      });
      const viaHost = await hostChecks(opts, io, opts.fix === true);
      const checks = [
        ...(await runChecks(home)),
        ...(await sharedStoreFollowChecks(join(home, 'config.json'), io.env)),
        ...viaHost.checks,
      ];
      if (checks.some((c) => c.status === 'fail')) io.exitCode = 1;
      if (opts.json) return printJson(io, { home, checks, fixed: viaHost.fixed });
      for (const c of checks) {
        io.stdout(
          `${MARK[c.status]} ${c.name.padEnd(10)} ${c.message}\n${c.hint ? `             ${c.hint}\n` : ''}`,
        );
      }
    });
}
