// What install, update, remove and rollback share on the terminal: progress lines on stderr
// (every step; the slow ones are fetch, dependencies and load), the consent screen, and the
// one-line result. Consent is asked only on a terminal; without one, `--yes` is required.
import type { Command } from 'commander';
import type {
  InstallOptions,
  InstallResult,
  InstallSummary,
  SkillHost,
} from '@openclaw/skill-host';
import type { ListEntry } from '@openclaw/skill-host/internal';
import { openHost } from '../host.js';
import { managedRefusal } from './managed.js';
import { printJson, type Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { findServe, homeOf, throughServe, type ServeClient } from '../serve-client.js';
import { trustLines } from './trust-lines.js';
import { grantLines } from './grant-lines.js';

export function progress(io: Io, json: boolean | undefined): InstallOptions['onProgress'] {
  // With --json stdout is for the result; progress still goes to stderr, which scripts ignore.
  return (e) => io.stderr(`${json ? '' : '· '}${e.step}${e.detail ? ` ${e.detail}` : ''}\n`);
}

export function describeSummary(s: InstallSummary): string {
  const lines = [
    `${s.name}@${s.version}${s.previousVersion ? ` (replaces ${s.previousVersion})` : ''} from ${s.package}`,
    s.description ? `  ${s.description}` : '',
    `  integrity ${s.integrity}`,
    ...trustLines(s),
  ];
  if (s.tools.length > 0) {
    lines.push('  tools:');
    for (const t of s.tools) {
      const marks = [
        t.auth && `${t.auth.provider}: ${t.auth.scopes.join(', ') || 'no scopes'}`,
        t.approval === 'required' && 'asks approval',
        t.destructive && 'destructive',
      ].filter(Boolean);
      lines.push(`    ${t.name}${marks.length ? ` (${marks.join('; ')})` : ''}`);
    }
  } else lines.push('  no tools (instructions only)');
  const p = s.permissions;
  lines.push(
    `  permissions: network ${p.network.join(', ') || 'none'}; env ${p.env.join(', ') || 'none'}; files ${p.fs}`,
  );
  for (const [provider, scopes] of Object.entries(s.scopes)) {
    lines.push(`  OAuth ${provider}: ${scopes.join(', ') || '(no scopes named)'}`);
  }
  if (Object.keys(s.dependencies).length > 0) {
    lines.push(`  dependencies: ${Object.keys(s.dependencies).join(', ')}`);
  }
  if (s.localDependencies?.length) {
    lines.push('  ! local dependencies (--allow-local-deps): the skill may read these folders');
    for (const d of s.localDependencies) lines.push(`    ${d.name}: ${d.path}`);
  }
  const granted = grantLines(s.grants, '  ');
  if (granted) lines.push(`  ! the host config grants it these folders:\n${granted.trimEnd()}`);
  if (s.scripts.length > 0) lines.push(`  install scripts (not run): ${s.scripts.join(', ')}`);
  for (const w of s.warnings) lines.push(`  ! ${w.message}`);
  return lines.filter(Boolean).join('\n') + '\n';
}

/** `--allow-local-deps`, as install and update declare it. */
export const ALLOW_LOCAL_DEPS = [
  '--allow-local-deps',
  'allow file: and link: dependencies (testing against your own checkout); the consent lists the folders the skill may then read',
] as const;

/**
 * What install and update hand on, to a running serve or to the host: the registry, `--yes`,
 * `--allow-local-deps` and, on a terminal, the consent prompt.
 */
export function consentOptions(
  flags: { registry?: string; yes?: boolean; allowLocalDeps?: boolean },
  io: Io,
): Pick<InstallOptions, 'registry' | 'yes' | 'consent' | 'allowLocalDeps'> {
  const consent = terminalConsent(io);
  return {
    ...(flags.registry && { registry: flags.registry }),
    ...(flags.yes && { yes: true }),
    ...(flags.allowLocalDeps && { allowLocalDeps: true }),
    ...(consent && { consent }),
  };
}

/** A consent handler for a terminal; undefined without one (the host then refuses). */
export function terminalConsent(io: Io): InstallOptions['consent'] {
  if (!io.isTTY) return undefined;
  return async (summary) => {
    io.stderr(describeSummary(summary));
    const { default: confirm } = await import('@inquirer/confirm');
    return confirm({
      message: `Install ${summary.name}@${summary.version}?`,
      default: summary.warnings.length === 0,
    });
  };
}

export function printResults(io: Io, json: boolean | undefined, results: InstallResult[]): void {
  if (json) return printJson(io, results.length === 1 ? results[0] : results);
  if (results.length === 0) io.stdout('Nothing to do.\n');
  for (const r of results) {
    const tools = r.tools.length ? ` (${r.tools.join(', ')})` : '';
    const from = r.previousVersion ? ` (was ${r.previousVersion})` : '';
    io.stdout(`${r.action} ${r.name}@${r.version}${from}${tools}\n`);
    for (const w of r.summary?.warnings ?? []) io.stdout(`  ! ${w.message}\n`);
    if (r.storage) {
      io.stdout(
        r.storage.kept
          ? `  its storage is kept in ${r.storage.dir} (remove --purge deletes it)\n`
          : `  its storage in ${r.storage.dir} is deleted\n`,
      );
    }
  }
}

/**
 * `remove <name>` and `rollback <name>`: through a running serve for this home when there is
 * one (so its agent sees the change at once), else on the home directly. `O` holds the
 * command's own options (`--purge`, `--to`), handed to both ways alike.
 */
export function configureByName<O extends object>(
  cmd: Command,
  io: Io,
  spec: {
    /** What the command does, for the refusal of a skill another tool manages. */
    verb: 'remove' | 'rollback';
    viaServe(serve: ServeClient, name: string, opts: O): Promise<InstallResult>;
    local(
      host: SkillHost,
      name: string,
      opts: O & { onProgress: InstallOptions['onProgress'] },
    ): Promise<InstallResult>;
  },
): void {
  cmd.argument('<name>', 'skill name').action(async (name: string) => {
    const opts = cmd.optsWithGlobals<GlobalOptions & O>();
    const serve = await findServe(homeOf(opts, io));
    if (serve) {
      io.stderr(throughServe(serve));
      const { skills } = await serve.request<{ skills: ListEntry[] }>('GET', '/skills');
      const refused = managedRefusal(name, skills, spec.verb);
      if (refused) throw refused;
      return printResults(io, opts.json, [await spec.viaServe(serve, name, opts)]);
    }
    const host = await openHost(opts, io);
    try {
      const refused = managedRefusal(name, host.skills, spec.verb);
      if (refused) throw refused;
      const onProgress = progress(io, opts.json);
      printResults(io, opts.json, [await spec.local(host, name, { ...opts, onProgress })]);
    } finally {
      await host.close();
    }
  });
}
