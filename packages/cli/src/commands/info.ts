// `openclaw-skill info <name>[@range] [--registry <url>] [--json]`: what a published skill
// would get if installed (tools, permissions, OAuth scopes, the runner this host would use,
// the host range), read from its tarball without running any of it.
import type { Command } from 'commander';
import type { RunnerKind } from '@openclaw/skill-host';
import { printJson, type Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { readPublished, type Published } from '../publish/published.js';
import { registryContext } from '../publish/registry.js';
import { describeRemoved, removedOnInstall } from './info-installed.js';
import { trustLines } from './trust-lines.js';

interface InfoFlags extends GlobalOptions {
  registry?: string;
}

export interface InfoReport extends Omit<Published['summary'], 'tools'> {
  author?: string;
  hostCompatible: boolean;
  /** The runner this home's config would give its code once installed (none for docs). */
  runner?: RunnerKind;
  tools: Published['summary']['tools'];
  /** When this version is installed here: the package.json fields install removed. */
  removedOnInstall?: Record<string, unknown>;
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument(
      '<spec>',
      'npm name with an optional version or range (name@1.2.x), a .tgz or a folder',
    )
    .option(
      '--registry <url>',
      'npm registry (default: install.registry in config, else npm config)',
    )
    .addHelpText(
      'after',
      [
        '',
        'Reads the tarball as install does: integrity checked, no code run, nothing',
        'installed.',
        'Exit status: 0 ok, 1 not found, not a skill or the registry failed, 2 bad usage.',
      ].join('\n'),
    )
    .action(async (spec: string) => {
      const opts = cmd.optsWithGlobals<InfoFlags>();
      const ctx = await registryContext(opts, io);
      // A folder or .tgz is read as install reads it (an author checks what users will see);
      // only a package name is fetched from the registry.
      const { normalizeSpec } = await import('@openclaw/skill-host/internal');
      const normalized = normalizeSpec(spec, io.cwd);
      io.stderr(`${opts.json ? '' : '· '}${progressLine(spec, normalized, ctx.registry)}\n`);
      const published = await readPublished(normalized, ctx);
      const report = await toReport(published, ctx.home);
      if (opts.json) return printJson(io, report);
      io.stdout(formatInfo(report));
    });
}

/** What info is about to do: read a local folder or tarball, or fetch from the registry. */
export function progressLine(spec: string, normalized: string, registry: string): string {
  return normalized.startsWith('file:') ? `reading ${spec}` : `fetching ${spec} from ${registry}`;
}

async function toReport(p: Published, home: string): Promise<InfoReport> {
  const { hostPaths, loadHostConfig, runnerKindFor, storeLayout } =
    await import('@openclaw/skill-host/internal');
  const paths = hostPaths(home);
  const config = await loadHostConfig(paths.config);
  const removed = await removedOnInstall(
    storeLayout(paths.store).versionDir(p.summary.name, p.summary.version),
  );
  // Installed from a registry, it is a store skill: its runner is decided as for one.
  const runner = runnerKindFor(
    { name: p.summary.name, source: { kind: 'store' } } as Parameters<typeof runnerKindFor>[0],
    config,
  );
  return {
    ...p.summary,
    ...(p.author !== undefined && { author: p.author }),
    hostCompatible: p.hostCompatible,
    ...(p.summary.kind === 'code' && { runner }),
    ...(removed && { removedOnInstall: removed }),
  };
}

export function formatInfo(r: InfoReport): string {
  const lines = [
    `${r.package}@${r.version}${r.name !== r.package ? ` (skill ${r.name})` : ''}`,
    r.description && `  ${r.description}`,
    r.author && `  author: ${r.author}`,
    `  kind: ${r.kind === 'code' ? 'runs code' : 'docs only (no code)'}; runner here: ${r.runner ?? 'none'}`,
    `  host API: ${r.hostRange ?? 'any'}${r.hostCompatible ? '' : ' (this host cannot load it)'}`,
  ];
  if (r.tools.length > 0) {
    lines.push('  tools:');
    for (const t of r.tools) {
      const marks = [
        t.auth && `${t.auth.provider}: ${t.auth.scopes.join(', ') || 'no scopes'}`,
        t.approval === 'required' && 'asks approval',
        t.destructive && 'destructive',
      ].filter(Boolean);
      lines.push(`    ${t.name}${marks.length ? ` (${marks.join('; ')})` : ''}  ${t.description}`);
    }
  } else lines.push('  no tools (instructions only)');
  const p = r.permissions;
  lines.push(
    `  permissions: network ${p.network.join(', ') || 'none'}; env ${p.env.join(', ') || 'none'}; files ${p.fs}`,
  );
  const oauth = Object.entries(r.scopes);
  if (oauth.length === 0) lines.push('  OAuth: none');
  for (const [provider, scopes] of oauth)
    lines.push(`  OAuth ${provider}: ${scopes.join(', ') || '(no scopes named)'}`);
  if (Object.keys(r.dependencies).length > 0)
    lines.push(`  dependencies: ${Object.keys(r.dependencies).join(', ')}`);
  if (r.scripts.length > 0) lines.push(`  install scripts (never run): ${r.scripts.join(', ')}`);
  if (r.removedOnInstall)
    lines.push(
      `  installed here without (npm never saw them): ${describeRemoved(r.removedOnInstall)}`,
    );
  lines.push(`  integrity: ${r.integrity}`, ...trustLines(r));
  return lines.filter(Boolean).join('\n') + '\n';
}
