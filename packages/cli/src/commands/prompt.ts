import { InvalidArgumentError, Option, type Command } from 'commander';
import { openHost } from '../host.js';
import { startMcpServers } from '../mcp.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';

export const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number');
  return n;
};

export function configure(cmd: Command, io: Io): void {
  cmd
    .option('--query <text>', 'rank skills by relevance to this text when over budget')
    .option('--max-chars <n>', 'character budget (default 18000)', positiveInt)
    .addOption(
      new Option('--format <format>', 'block format')
        .choices(['openclaw', 'agentskills'])
        .default('openclaw'),
    )
    .action(async () => {
      const opts = globalOptions<{
        query?: string;
        maxChars?: number;
        format: 'openclaw' | 'agentskills';
      }>(cmd);
      const host = await openHost(opts, io);
      try {
        await startMcpServers(host, io);
        const result = host.prompt({
          format: opts.format,
          ...(opts.query && { query: opts.query }),
          ...(opts.maxChars && { maxChars: opts.maxChars }),
        });
        if (opts.json) return printJson(io, result);
        io.stdout(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
        if (result.report) io.stderr(`${result.report}\n`);
      } finally {
        await host.close();
      }
    });
}
