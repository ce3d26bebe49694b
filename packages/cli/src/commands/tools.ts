import { Option, type Command } from 'commander';
import { openHost } from '../host.js';
import { startMcpServers } from '../mcp.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';

const FORMATS = ['anthropic', 'openai', 'openai-responses', 'gemini', 'mcp'] as const;

/** What the list holds: the host's catalog of tools, the one `call` and `serve` use. */
export const TOOLS_LISTED = [
  '',
  'Lists the tools of every skill that loaded (status ready, shadowed copies left out),',
  'including skills that still need an OAuth login: those tools are marked auth:<provider>',
  'and fail until `openclaw-skill auth login <skill>`. Also the tools of configured MCP',
  "servers (mcp__<server>__<tool>) and the host's own skills.search and skills.read.",
].join('\n');

export function configure(cmd: Command, io: Io): void {
  cmd
    .description('List the tools the host offers, or print their definitions for a provider')
    .addOption(
      new Option('--format <format>', 'print definitions in this provider format').choices(FORMATS),
    )
    .addHelpText('after', TOOLS_LISTED)
    .action(async () => {
      const opts = globalOptions<{ format?: (typeof FORMATS)[number] }>(cmd);
      const host = await openHost(opts, io);
      try {
        await startMcpServers(host, io);
        if (opts.format || opts.json)
          return printJson(io, host.tools.definitions(opts.format ?? 'mcp'));
        const tools = [...host.snapshot().tools.values()].sort((a, b) =>
          a.name < b.name ? -1 : 1,
        );
        if (tools.length === 0)
          return io.stdout('No tools: no loaded skill or MCP server has any.\n');
        const width = Math.max(...tools.map((t) => t.name.length));
        for (const t of tools) {
          const flags = [
            t.approval === 'required' || t.annotations?.destructiveHint ? 'approval' : '',
            t.auth ? `auth:${t.auth.provider}` : '',
          ]
            .filter(Boolean)
            .join(' ');
          io.stdout(
            `${t.name.padEnd(width)}  ${t.description.split('\n')[0]}${flags ? `  [${flags}]` : ''}\n`,
          );
        }
      } finally {
        await host.close();
      }
    });
}
