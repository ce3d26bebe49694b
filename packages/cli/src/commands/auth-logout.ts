// `openclaw-skill auth logout`: removes a skill's grants, revoking them at the provider.
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { logoutTarget, openAuthHost } from './auth-shared.js';

export function registerLogout(auth: Command, io: Io): void {
  auth
    .command('logout')
    .description("Remove a skill's grants, revoking them at the provider (RFC 7009)")
    .argument('<skill|provider>', 'skill name, or a provider whose grants belong to one skill')
    .option('--provider <name>', 'only this provider')
    .option('--account <name>', 'only this account')
    .action(async (target: string, _o, cmd: Command) => {
      const opts = globalOptions(cmd) as ReturnType<typeof globalOptions> & {
        provider?: string;
        account?: string;
      };
      const host = await openAuthHost(opts, io);
      try {
        const { skill, provider } = await logoutTarget(host, target, opts.provider);
        if (provider) opts.provider = provider;
        const results = await host.auth.logout({
          skill,
          ...(opts.provider && { provider: opts.provider }),
          ...(opts.account && { account: opts.account }),
        });
        // Nothing to act on is a user error (1), with --json too.
        if (results.length === 0) {
          throw new SkillError(
            'INVALID_INPUT',
            `Nothing to log out: no grant for "${skill}"${opts.provider ? ` with ${opts.provider}` : ''}${opts.account ? ` as ${opts.account}` : ''}.`,
            { hint: 'openclaw-skill auth status lists the grants.' },
          );
        }
        if (opts.json) return printJson(io, results);
        for (const r of results) {
          const how = r.revoked
            ? 'revoked at the provider'
            : r.error
              ? `not revoked: ${r.error}`
              : 'the provider has no revocation endpoint';
          io.stdout(`Logged ${skill} out of ${r.grant.provider} (${r.grant.account}); ${how}.\n`);
        }
      } finally {
        await host.close();
      }
    });
}
