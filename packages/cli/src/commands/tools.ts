import { Option, type Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import { TOOL_FORMATS, type SkillHost, type ToolFormat } from '@openclaw/skill-host';
import { openHost } from '../host.js';
import { startMcpServers } from '../mcp.js';
import { printJson, type Io } from '../io.js';
import { globalOptions, type GlobalOptions } from '../options.js';

/** What the list holds: the host's catalog of tools, the one `call` and `serve` use. */
export const TOOLS_LISTED = [
  '',
  'Lists the tools of every skill that loaded (status ready, shadowed copies left out),',
  'including skills that still need an OAuth login: those tools are marked auth:<provider>',
  'and fail until `openclaw-skill auth login <skill>`. Also the tools of configured MCP',
  "servers (mcp__<server>__<tool>) and the host's own skills.search, skills.read and",
  'tools.search (offered to a model only when a budget defers tools).',
  '',
  'With --budget or --query: the list as one turn of an agent gets it, fitted to a token',
  'budget (default: config tools.budget, else 5000) and ranked by the query; prints the tools',
  'kept and the tools deferred, with their tokens and why (--format picks the provider and',
  'so the tokenizer; default anthropic).',
].join('\n');

/** The person at the terminal owns the host (as for `call`). */
const OWNER = { isOwner: true } as const;

interface ToolsOptions {
  format?: ToolFormat;
  budget?: string;
  query?: string;
}

/** The budgeted list's report as text: a summary line, then kept and deferred tools. */
function printPlan(host: SkillHost, io: Io, opts: ToolsOptions & GlobalOptions): void {
  const budget = opts.budget === undefined ? undefined : Number(opts.budget);
  if (budget !== undefined && (!Number.isInteger(budget) || budget <= 0))
    throw new SkillError(
      'USAGE',
      `--budget must be a positive whole number of tokens, got "${opts.budget}".`,
    );
  const defs = host.tools.definitions(opts.format ?? 'anthropic', {
    ctx: OWNER,
    ...(budget !== undefined && { budget }),
    ...(opts.query !== undefined && { query: opts.query }),
  });
  const r = defs.report;
  if (opts.json) {
    printJson(io, { report: r, tools: defs });
    return;
  }
  const via = r.search ? ` (found through ${r.search})` : '';
  io.stdout(
    `${r.format} format, ${r.tokenizer} tokens: ${r.tokens} of ${String(r.budget)} sent (all tools: ${r.allTokens}); ${r.kept.length} kept, ${r.deferred.length} deferred${via}.\n`,
  );
  if (r.warning) io.stdout(`${r.warning}\n`);
  const width = Math.max(0, ...[...r.kept, ...r.deferred].map((t) => t.name.length));
  for (const t of r.kept)
    io.stdout(`  kept      ${t.name.padEnd(width)}  ${String(t.tokens).padStart(5)}  ${t.why}\n`);
  for (const t of r.deferred)
    io.stdout(
      `  deferred  ${t.name.padEnd(width)}  ${String(t.tokens).padStart(5)}  ${t.reason}\n`,
    );
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .addOption(
      new Option('--format <format>', 'print definitions in this provider format').choices(
        TOOL_FORMATS,
      ),
    )
    .option('--budget <tokens>', 'fit the list to this many tokens, deferring the rest')
    .option('--query <text>', 'the request that ranks the tools when they do not all fit')
    .addHelpText('after', TOOLS_LISTED)
    .action(async () => {
      const opts = globalOptions<ToolsOptions>(cmd);
      const host = await openHost(opts, io);
      try {
        await startMcpServers(host, io);
        if (opts.budget !== undefined || opts.query !== undefined) return printPlan(host, io, opts);
        if (opts.format || opts.json)
          return printJson(
            io,
            host.tools.definitions(opts.format ?? 'mcp', { ctx: OWNER, budget: false }),
          );
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
