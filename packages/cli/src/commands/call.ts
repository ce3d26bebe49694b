import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import type { ApprovalHandler } from '@openclaw/skill-host';
import { openHost } from '../host.js';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

/** Asks on the terminal; only used when stdin is a TTY. */
const askOnTerminal: ApprovalHandler = async ({ tool, input, reason }) => {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    process.stderr.write(
      `${tool.name} needs approval (${reason}).\nInput: ${JSON.stringify(input, null, 2)}\n`,
    );
    const answer = await rl.question('Run it? [y/N] ');
    return { approved: /^y(es)?$/i.test(answer.trim()), by: 'terminal' };
  } finally {
    rl.close();
  }
};

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('<tool>', 'canonical (weather.current) or wire (weather_current) name')
    .option('--input <json>', 'the tool input as a JSON object', '{}')
    .option('--approve', 'approve the call if the tool needs approval')
    .option('--session <id>', 'session id (rate limits, loop detection, audit)')
    .option('--agent <id>', 'agent id (agent policy layer)')
    .action(async (tool: string) => {
      const opts = globalOptions<{
        input: string;
        approve?: boolean;
        session?: string;
        agent?: string;
      }>(cmd);
      let input: unknown;
      try {
        input = JSON.parse(opts.input);
      } catch (e) {
        // V8 quotes the text it could not parse, whole or as a window cut with `...`
        // (`"sk-..." is not valid JSON`, `..."k": sk-live-4f"... is not valid JSON`): an
        // input can hold a secret, so only the reason and position are kept.
        const reason = messageOf(e).replace(
          /,\s*(?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s,
          '',
        );
        throw new SkillError('USAGE', `--input is not valid JSON: ${reason}.`);
      }
      const approve: ApprovalHandler | undefined = opts.approve
        ? () => ({ approved: true, by: '--approve' })
        : io.isTTY
          ? askOnTerminal
          : undefined;
      const host = await openHost(opts, io, approve ? { approve } : {});
      try {
        const result = await host.call(
          { name: tool, input },
          {
            isOwner: true,
            ...(opts.session && { sessionId: opts.session }),
            ...(opts.agent && { agentId: opts.agent }),
          },
        );
        if (opts.json) printJson(io, result);
        else if (result.isError) {
          io.stderr(
            `${result.code}: ${result.message}\n${result.hint ? `hint: ${result.hint}\n` : ''}`,
          );
        } else io.stdout(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
        if (result.isError) io.exitCode = 1;
      } finally {
        await host.close();
      }
    });
}
