// `openclaw-skill install <spec> [--registry <url>] [--yes]` and `install --frozen`.
import type { Command } from 'commander';
import { openHost } from '../host.js';
import { SkillError } from '@openclaw/skill-sdk';
import type { Io } from '../io.js';
import { findServe, homeOf, installViaServe, throughServe } from '../serve-client.js';
import type { GlobalOptions } from '../options.js';
import { ALLOW_LOCAL_DEPS, consentOptions, printResults, progress } from './install-io.js';
import { ALL_OPTION, installPicked, SKILL_OPTION } from './install-skills.js';

interface InstallFlags extends GlobalOptions {
  registry?: string;
  yes?: boolean;
  frozen?: boolean;
  allowLocalDeps?: boolean;
  skill?: string[];
  all?: boolean;
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument(
      '[spec]',
      'npm name and range, .tgz/.zip, folder, or git (github:owner/repo, owner/repo/path, https://…/repo.git, git+ssh:, git+file:; #ref)',
    )
    .option(
      '--registry <url>',
      'npm registry (default: install.registry in config, else npm config)',
    )
    .option('-y, --yes', 'accept the tools, permissions and scopes without asking')
    .option('--frozen', 'install exactly what skills.lock.json lists (no spec)')
    .option(...ALLOW_LOCAL_DEPS)
    .option(...SKILL_OPTION)
    .option(...ALL_OPTION)
    .action(async (spec: string | undefined) => {
      const opts = cmd.optsWithGlobals<InstallFlags>();
      if (opts.frozen && spec) throw new SkillError('USAGE', 'install --frozen takes no spec.');
      if (!opts.frozen && !spec)
        throw new SkillError('USAGE', 'install needs a spec (or --frozen).');
      // A serve running for this home installs live, so its agent sees the skill at once.
      const serve = opts.frozen ? undefined : await findServe(homeOf(opts, io));
      if (serve) {
        io.stderr(throughServe(serve));
        // serve runs in another folder: a path is resolved here, where it was typed.
        const { normalizeSpec } = await import('@openclaw/skill-host/internal');
        return printResults(
          io,
          opts.json,
          await installPicked(normalizeSpec(spec!, io.cwd), opts, (s) =>
            installViaServe(serve, s, consentOptions(opts, io)),
          ),
        );
      }
      const host = await openHost(opts, io);
      try {
        const common = { ...consentOptions(opts, io), onProgress: progress(io, opts.json) };
        const results = opts.frozen
          ? await host.installFrozen(common)
          : await installPicked(spec!, opts, (s) => host.install(s, common));
        printResults(io, opts.json, results);
      } finally {
        await host.close();
      }
    });
}
