// `openclaw-skill auth set-key <skill> <name>`: stores an API key in the keychain (or the
// opt-in file store). The value comes from stdin or --from-env, never from the command line,
// where other users could read it in the process list.
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { openAuthHost } from './auth-shared.js';

async function readStdin(): Promise<string> {
  let s = '';
  for await (const chunk of process.stdin) s += String(chunk);
  return s;
}

export function registerSetKey(auth: Command, io: Io): void {
  auth
    .command('set-key')
    .description('Store an API key a skill declares (value from stdin or --from-env)')
    .argument('<skill>', 'skill name')
    .argument('<name>', 'the key name the manifest declares (apiKey env, e.g. WEATHER_API_KEY)')
    .option('--from-env <var>', 'read the value from this environment variable')
    .option('--delete', 'remove the stored key')
    .action(async (skill: string, name: string, _o, cmd: Command) => {
      const opts = globalOptions(cmd) as ReturnType<typeof globalOptions> & {
        fromEnv?: string;
        delete?: boolean;
      };
      const host = await openAuthHost(opts, io);
      try {
        const record = host.skills.find((s) => s.name === skill && !s.shadowedBy);
        if (!record)
          throw new SkillError(
            'SKILL_NOT_FOUND',
            `No skill "${skill}"; openclaw-skill list shows the skills.`,
          );
        const declared = new Set<string>(record.manifest?.permissions?.env ?? []);
        for (const [key, e] of Object.entries(record.manifest?.auth ?? {}))
          if (e.type === 'apiKey') declared.add(e.env ?? key);
        if (!declared.has(name)) {
          throw new SkillError(
            'INVALID_INPUT',
            `Skill "${skill}" does not declare a key "${name}" in its manifest.json${declared.size ? ` (it declares: ${[...declared].join(', ')})` : ''}.`,
          );
        }
        if (opts.delete) {
          const removed = await host.auth.deleteKey(skill, name);
          if (opts.json) return printJson(io, { skill, name, removed });
          io.stdout(
            removed
              ? `Removed the key ${name} of ${skill}.\n`
              : `No stored key ${name} for ${skill}.\n`,
          );
          return;
        }
        let value: string | undefined;
        if (opts.fromEnv) value = io.env[opts.fromEnv];
        else if (io.isTTY)
          throw new SkillError(
            'USAGE',
            'Pipe the key on stdin (e.g. from a password manager) or use --from-env <var>.',
          );
        else value = await readStdin();
        value = value?.trim();
        if (!value)
          throw new SkillError(
            'INVALID_INPUT',
            opts.fromEnv ? `${opts.fromEnv} is empty or not set.` : 'No key on stdin.',
          );
        await host.auth.setKey(skill, name, value);
        if (opts.json) return printJson(io, { skill, name, stored: true });
        io.stdout(`Stored the key ${name} for ${skill}.\n`);
      } finally {
        await host.close();
      }
    });
}
