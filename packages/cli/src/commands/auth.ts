// `openclaw-skill auth login|logout|status|set-key|rotate-key`: connect a skill to a provider once, see
// what is granted (never a token), and disconnect (revoking at the provider).
import { internalAuth } from '@openclaw/skill-host/internal';
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { fmtTime, loginTarget, logoutTarget, openAuthHost, openBrowser } from './auth-shared.js';
import { registerRotateKey } from './auth-rotate-key.js';
import { registerSetKey } from './auth-set-key.js';

export function configure(auth: Command, io: Io): void {
  auth.description('Log skills in to OAuth providers, show grants, store API keys');

  auth
    .command('login')
    .description('Authorize a skill with its provider (browser with PKCE, or --device)')
    .argument('<skill|provider>', 'skill name, or a provider used by exactly one skill')
    .option('--no-browser', 'print the URL instead of opening a browser')
    .option('--device', 'use the device code flow (a code to enter on another device)')
    .option('--client-credentials', 'use the client credentials grant (no user)')
    .option('--scopes <list>', 'extra scopes beyond those of the skill tools, comma-separated')
    .option('--provider <key>', "which of the skill's providers (when it has several)")
    .option('--account <name>', 'name the account (default: from the id token)')
    .option('--timeout <seconds>', 'give up waiting for the browser after this long', '300')
    .action(async (target: string, _o, cmd: Command) => {
      const opts = globalOptions(cmd) as ReturnType<typeof globalOptions> & {
        browser: boolean;
        device?: boolean;
        clientCredentials?: boolean;
        scopes?: string;
        provider?: string;
        account?: string;
        timeout: string;
      };
      const timeout = Number(opts.timeout);
      if (!Number.isFinite(timeout) || timeout <= 0)
        throw new SkillError('USAGE', '--timeout must be a positive number of seconds.');
      if (opts.device && opts.clientCredentials)
        throw new SkillError('USAGE', '--device and --client-credentials cannot be combined.');
      const host = await openAuthHost(opts, io);
      try {
        const { skill, key } = loginTarget(host, target, opts.provider);
        // Missing configuration first (it is what the user must fix), then the environment:
        // both before any browser dance.
        const entry = skill.manifest?.auth?.[key];
        if (entry?.type === 'oauth2') internalAuth(host).resolveProvider(entry.provider);
        await internalAuth(host).vault();
        const scopes = opts.scopes
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const grant = await host.auth.login(skill, {
          key,
          ...(scopes?.length && { scopes }),
          flow: opts.device ? 'device' : opts.clientCredentials ? 'client-credentials' : 'code',
          ...(opts.account && { account: opts.account }),
          timeoutMs: timeout * 1000,
          onUrl: (url) => {
            io.stderr(`Open this URL to log ${skill.name} in:\n  ${url}\n`);
            if (opts.browser) openBrowser(url);
            io.stderr('Waiting for the browser...\n');
          },
          onPrompt: (p) => {
            io.stderr(
              `On any device, open ${p.verificationUri} and enter the code ${p.userCode}\n` +
                (p.verificationUriComplete ? `  (or open ${p.verificationUriComplete})\n` : '') +
                'Waiting for approval...\n',
            );
          },
        });
        if (opts.json) return printJson(io, grant);
        io.stdout(
          `Logged ${skill.name} in to ${grant.provider} as ${grant.account} (scopes: ${grant.scopes.join(', ') || 'none'}).\n`,
        );
      } finally {
        await host.close();
      }
    });

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

  auth
    .command('status')
    .description('Show grants (accounts, scopes, expiry, state) and skills that need a login')
    .argument('[skill]', 'only this skill')
    .action(async (skill: string | undefined, _o, cmd: Command) => {
      const opts = globalOptions(cmd);
      const host = await openAuthHost(opts, io);
      try {
        const grants = await host.auth.list(skill ? { skill } : {});
        const needs = [];
        for (const s of host.skills) {
          if (s.shadowedBy || s.status !== 'ready' || (skill && s.name !== skill)) continue;
          for (const n of await host.auth.needsLogin(s)) needs.push({ skill: s.name, ...n });
        }
        if (opts.json) return printJson(io, { grants, needsLogin: needs });
        if (grants.length === 0 && needs.length === 0) {
          io.stdout(
            'No grants. Skills that use OAuth are logged in with openclaw-skill auth login <skill>.\n',
          );
          return;
        }
        for (const g of grants) {
          io.stdout(
            `${g.skill}  ${g.provider}  ${g.account}  ${g.state}  scopes: ${g.scopes.join(', ') || '-'}  expires: ${fmtTime(g.expiresAt)}\n`,
          );
        }
        for (const n of needs) {
          io.stdout(
            `${n.skill}  ${n.provider}  needs login${n.missing.length ? ` (missing ${n.missing.join(', ')})` : ''}: run ${n.command}\n`,
          );
        }
      } finally {
        await host.close();
      }
    });

  registerSetKey(auth, io);
  registerRotateKey(auth, io);
}
