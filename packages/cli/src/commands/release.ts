// `openclaw-skill release [dir] [--registry <url>] [--public]`: a skill's release (what a
// scaffolded skill's `npm run release` runs): the registry printed first, the public one only
// with --public, changesets versioned, the package checked as `pack --dry-run` does, published.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import type { Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { packSkill } from '../publish/pack.js';
import { releaseSkill } from '../publish/release.js';
import { formatPack } from './pack.js';

interface ReleaseFlags extends GlobalOptions {
  registry?: string;
  public?: boolean;
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('[dir]', 'the skill folder', '.')
    .option('--registry <url>', "where to publish (default: the registry in the skill's .npmrc)")
    .option('--public', "allow npm's public registry as the target")
    .action(async (dir: string) => {
      const opts = cmd.optsWithGlobals<ReleaseFlags>();
      const folder = resolve(io.cwd, dir);
      const env = { ...io.env, PATH: io.env.PATH ?? process.env.PATH };
      const registry = await releaseSkill({
        dir: folder,
        env,
        ...(opts.registry && { registry: opts.registry }),
        allowPublic: opts.public === true,
        onStep: (s) => io.stderr(`· ${s}\n`),
        check: async () => {
          const report = await packSkill({
            dir: folder,
            env,
            test: true,
            dryRun: true,
            onStep: (s) => io.stderr(`  · ${s}\n`),
            onOutput: (t) => io.stderr(`${t}\n`),
          });
          io.stdout(formatPack(report));
          const [first] = report.refusals;
          if (first) {
            throw new SkillError(
              'PACK_REFUSED',
              `Refusing to publish: ${first.file} would ship (${first.reason}).`,
              {
                hint: 'Run `openclaw-skill pack --dry-run` to see what would ship; nothing was published.',
              },
            );
          }
        },
      });
      io.stdout(`Released to ${registry}\n`);
    });
}
