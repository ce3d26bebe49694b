import type { Command } from 'commander';
import type { McpServerStatus, SkillHost, SkillRecord } from '@openclaw/skill-host';
import { openHost, userHomeOf } from '../host.js';
import { serverLine, startMcpServers } from '../mcp.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { findServe, homeOf } from '../serve-client.js';
import {
  listEntry as hostListEntry,
  type LinkPlace,
  type ListEntry,
  shadowWarnings,
  codeRunnerOf,
  shownGrants,
} from '@openclaw/skill-host/internal';
import { extraLines, linksByName } from './list-extras.js';
import { grantLines } from './grant-lines.js';
import { provenanceByName } from './list-provenance.js';

/** One skill in `list --json` (the host's entry); MCP servers also say how they are doing. */
export function listEntry(s: SkillRecord, server?: McpServerStatus) {
  return {
    ...hostListEntry(s),
    ...(server && {
      mcp: {
        state: server.state,
        transport: server.transport,
        ...(server.reason !== undefined && { reason: server.reason }),
      },
    }),
  };
}

const MARK: Record<SkillRecord['status'], string> = {
  ready: '✓',
  disabled: '-',
  ineligible: '○',
  invalid: '✗',
};

export function configure(cmd: Command, io: Io): void {
  cmd.option('--builtin', 'include the built-in host tools skill').action(async () => {
    const opts = globalOptions<{ builtin?: boolean }>(cmd);
    // With a serve running for this home, what matters is what its agent sees.
    const serve = await findServe(homeOf(opts, io));
    const links = await linksByName(opts, io);
    const withLinks = <E extends { name: string }>(e: E) =>
      links.has(e.name) ? { ...e, links: links.get(e.name) } : e;
    if (serve) {
      const { skills } = await serve.request<{ skills: ListEntry[] }>(
        'GET',
        `/skills${opts.builtin ? '?builtin=1' : ''}`,
      );
      if (opts.json) return printJson(io, skills.map(withLinks));
      io.stderr(`Skills of the running serve (pid ${serve.info.pid}, ${serve.info.url}):\n`);
      return printEntries(io, skills, links);
    }
    const host = await openHost(opts, io);
    try {
      const servers = await startMcpServers(host, io);
      const serverOf = (s: SkillRecord) =>
        s.source.kind === 'mcp' ? servers.find((m) => `mcp__${m.name}` === s.name) : undefined;
      const all = host.skills.filter((s) => opts.builtin || s.source.kind !== 'builtin');
      // Servers are listed in their own section (and as records in --json).
      const skills = all.filter((s) => s.source.kind !== 'mcp');
      // A ready skill whose OAuth grant is missing or needs re-login cannot succeed a call.
      const login = new Map<string, string>();
      for (const s of skills) {
        if (s.status !== 'ready' || s.shadowedBy || !s.manifest?.auth) continue;
        const needs = await host.auth.needsLogin(s);
        if (needs.length) login.set(s.name, needs[0]!.command);
      }
      const shadows = shadowWarnings(host.skills);
      const provenance = opts.json ? await provenanceByName(host) : new Map<string, unknown>();
      if (opts.json)
        return printJson(
          io,
          all.map((s) => {
            const e = withLinks(listEntry(s, serverOf(s)));
            const cmd = login.get(s.name);
            const warnings = shadows.get(s.dir);
            const grants = grantsOf(host, s, io);
            return {
              ...e,
              ...(cmd && { status: 'needs-login', login: cmd }),
              ...(warnings && { shadowWarnings: warnings }),
              ...(grants && { grants }),
              ...(s.source.kind === 'store' &&
                provenance.has(s.name) && { provenance: provenance.get(s.name) }),
            };
          }),
        );
      if (servers.length > 0) {
        const w = Math.max(...servers.map((s) => s.name.length));
        io.stdout('MCP servers:\n');
        for (const s of servers) {
          io.stdout(serverLine(s, w));
          if (s.tools.length) io.stdout(`    ${s.tools.join(', ')}\n`);
        }
        io.stdout('\n');
      }
      if (skills.length === 0 && servers.length === 0) {
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
        const cmd = login.get(s.name);
        io.stdout(
          `${cmd ? '!' : MARK[s.status]} ${s.name.padEnd(width)}  ${(cmd ? 'needs login' : s.status).padEnd(11)} ${s.source.kind}${tools}${shadow}\n`,
        );
        if (cmd) io.stdout(`    run: ${cmd}\n`);
        for (const w of shadows.get(s.dir) ?? []) io.stdout(`    ! ${w.message}\n`);
        io.stdout(grantLines(grantsOf(host, s, io)));
        if (!s.shadowedBy) io.stdout(extraLines(s.managedBy, links.get(s.name)));
        for (const p of s.problems) {
          io.stdout(
            `    ${p.severity} ${p.code} ${p.file}${p.line ? `:${p.line}` : ''} ${p.message}\n`,
          );
        }
      }
      const ready = skills.filter(
        (s) => s.status === 'ready' && !s.shadowedBy && !login.has(s.name),
      ).length;
      io.stdout(`\n${ready} ready of ${skills.length} found\n`);
    } finally {
      await host.close();
    }
  });
}

/** The skill's folder grants, with the note when its runner does not enforce them. */
function grantsOf(host: SkillHost, s: SkillRecord, io: Io) {
  const runner = codeRunnerOf(s, host.config);
  return shownGrants({ config: host.config, skill: s.name, runner, userHome: userHomeOf(io) });
}

/** `list` from the entries a running serve answers with (`GET /api/skills`). */
function printEntries(
  io: Io,
  skills: readonly ListEntry[],
  links: ReadonlyMap<string, LinkPlace[]>,
): void {
  if (skills.length === 0) {
    io.stdout(
      'No skills found. Put skill folders in ./skills or ./.agents/skills, or install one.\n',
    );
    return;
  }
  const width = Math.max(...skills.map((s) => s.name.length));
  for (const s of skills) {
    const tools = s.tools.length ? ` ${s.tools.length} tool${s.tools.length > 1 ? 's' : ''}` : '';
    const shadow = s.shadowedBy ? ` (shadowed by ${s.shadowedBy})` : '';
    const login = s.status === 'needs-login';
    io.stdout(
      `${s.status === 'needs-login' ? '!' : MARK[s.status]} ${s.name.padEnd(width)}  ${(login ? 'needs login' : s.status).padEnd(11)} ${s.source}${tools}${shadow}\n`,
    );
    if (s.login) io.stdout(`    run: ${s.login}\n`);
    for (const w of s.shadowWarnings ?? []) io.stdout(`    ! ${w.message}\n`);
    io.stdout(grantLines(s.grants));
    if (!s.shadowedBy) io.stdout(extraLines(s.managedBy, links.get(s.name)));
    for (const p of s.problems) {
      io.stdout(
        `    ${p.severity} ${p.code} ${p.file}${p.line ? `:${p.line}` : ''} ${p.message}\n`,
      );
    }
  }
  const ready = skills.filter((s) => s.status === 'ready' && !s.shadowedBy).length;
  io.stdout(`\n${ready} ready of ${skills.length} found\n`);
}
