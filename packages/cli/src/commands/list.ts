import type { Command } from 'commander';
import { listEntries, type ListEntry } from '@openclaw/skill-host/internal';
import { openHost } from '../host.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { findServe, homeOf } from '../serve-client.js';

const MARK: Record<ListEntry['status'], string> = {
  ready: '✓',
  'needs-login': '!',
  disabled: '-',
  ineligible: '○',
  invalid: '✗',
};

/** The skills as the running serve for this home sees them, else as the home holds them. */
async function entries(
  opts: Parameters<typeof homeOf>[0],
  io: Io,
  builtin: boolean,
): Promise<{ skills: ListEntry[]; via?: string }> {
  const serve = await findServe(homeOf(opts, io));
  if (serve) {
    const { skills } = await serve.request<{ skills: ListEntry[] }>(
      'GET',
      `/skills${builtin ? '?builtin=1' : ''}`,
    );
    return { skills, via: `the running serve (pid ${serve.info.pid}, ${serve.info.url})` };
  }
  const host = await openHost(opts, io);
  try {
    return { skills: await listEntries(host, { builtin }) };
  } finally {
    await host.close();
  }
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .description('List the skills the host finds, with their status and problems')
    .option('--builtin', 'include the built-in host tools skill')
    .action(async () => {
      const opts = globalOptions<{ builtin?: boolean }>(cmd);
      const { skills, via } = await entries(opts, io, Boolean(opts.builtin));
      if (opts.json) return printJson(io, skills);
      if (via) io.stderr(`Skills of ${via}:\n`);
      if (skills.length === 0) {
        io.stdout(
          'No skills found. Put skill folders in ./skills or ./.agents/skills, or install one.\n',
        );
        return;
      }
      const width = Math.max(...skills.map((s) => s.name.length));
      for (const s of skills) {
        const tools = s.tools.length
          ? ` ${s.tools.length} tool${s.tools.length > 1 ? 's' : ''}`
          : '';
        const shadow = s.shadowedBy ? ` (shadowed by ${s.shadowedBy})` : '';
        const status = s.status === 'needs-login' ? 'needs login' : s.status;
        io.stdout(
          `${MARK[s.status]} ${s.name.padEnd(width)}  ${status.padEnd(11)} ${s.source}${tools}${shadow}\n`,
        );
        if (s.login) io.stdout(`    run: ${s.login}\n`);
        for (const p of s.problems) {
          io.stdout(
            `    ${p.severity} ${p.code} ${p.file}${p.line ? `:${p.line}` : ''} ${p.message}\n`,
          );
        }
      }
      const ready = skills.filter((s) => s.status === 'ready' && !s.shadowedBy).length;
      io.stdout(`\n${ready} ready of ${skills.length} found\n`);
    });
}
