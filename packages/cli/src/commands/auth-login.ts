// `openclaw-skill auth login`: authorizes a skill with its provider (browser with PKCE, the
// device code flow, or client credentials) and prints the grant, never a token.
import { internalAuth } from '@openclaw/skill-host/internal';
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { loginTarget, openAuthHost, openBrowser } from './auth-shared.js';

export function registerLogin(auth: Command, io: Io): void {
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
}
