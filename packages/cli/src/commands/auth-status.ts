// `openclaw-skill auth status`: the grants (accounts, scopes, expiry, state) and the skills
// that still need a login.
import type { Command } from 'commander';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { fmtTime, openAuthHost } from './auth-shared.js';

export function registerStatus(auth: Command, io: Io): void {
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
}
