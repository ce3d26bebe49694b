// `doctor`: checks what the host depends on and says what to fix, one line per thing.
// Today: each configured MCP server (started, initialize answered, tools listed) and the
// skills that are not ready. Exit 1 when something needs fixing.
import type { Command } from 'commander';
import { openHost } from '../host.js';
import { serverLine, startMcpServers } from '../mcp.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../program.js';

export function registerDoctor(program: Command, io: Io): void {
  program
    .command('doctor')
    .description('Check MCP servers and skills, and say what to fix')
    .action(async (_opts, cmd: Command) => {
      const opts = globalOptions(cmd);
      const host = await openHost(opts, io);
      try {
        const servers = await startMcpServers(host, io);
        const failingServers = servers.filter(
          (s) => s.state === 'failing' || s.state === 'invalid',
        );
        const skills = host.skills.filter(
          (s) =>
            s.source.kind !== 'mcp' &&
            !s.shadowedBy &&
            (s.status === 'invalid' || s.status === 'ineligible'),
        );
        const ok = failingServers.length === 0 && skills.every((s) => s.status !== 'invalid');
        if (opts.json) {
          printJson(io, {
            ok,
            mcpServers: servers,
            skills: skills.map((s) => ({
              name: s.name,
              status: s.status,
              problems: s.problems.map((p) => p.message),
            })),
          });
        } else {
          if (servers.length === 0) io.stdout('MCP servers: none configured\n');
          else {
            io.stdout('MCP servers:\n');
            const w = Math.max(...servers.map((s) => s.name.length));
            for (const s of servers) io.stdout(serverLine(s, w));
          }
          if (skills.length === 0) io.stdout('Skills: every skill found is ready or disabled\n');
          else {
            io.stdout('Skills:\n');
            for (const s of skills) {
              const why = s.problems.find((p) => p.severity === 'error') ?? s.problems[0];
              io.stdout(`✗ ${s.name}  ${s.status}${why ? `: ${why.message}` : ''}\n`);
            }
          }
          if (failingServers.length > 0) {
            io.stdout(`\nFix the mcpServers entries above in ${host.home}/config.json.\n`);
          }
        }
        if (!ok) io.exitCode = 1;
      } finally {
        await host.close();
      }
    });
}
