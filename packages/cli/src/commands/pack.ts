// `openclaw-skill pack [dir] [--no-test] [--dry-run] [--pack-destination <dir>] [--json]`:
// what `npm publish` would ship, checked before it ships: build, strict validation, tests,
// then npm's own file list, refusing secrets, keys and unmeant tests with the file named.
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { packSkill, type PackReport } from '../publish/pack.js';
import { resolve } from 'node:path';

interface PackFlags extends GlobalOptions {
  test?: boolean;
  dryRun?: boolean;
  packDestination?: string;
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('[dir]', 'the skill folder', '.')
    .option('--no-test', "skip the package's test script")
    .option('--dry-run', 'list what would ship; write nothing')
    .option('--pack-destination <dir>', 'where to write the tarball (default: the skill folder)')
    .addHelpText(
      'after',
      [
        '',
        'Refused: .env files, private keys (*.pem, *.key, id_rsa, a PRIVATE KEY block),',
        'an .npmrc with a token, tests unless package.json "files" names them, a failed',
        'build, strict validation or test run.',
        'Exit status: 0 packed (or listed), 1 refused, 2 bad usage.',
      ].join('\n'),
    )
    .action(async (dir: string) => {
      const opts = cmd.optsWithGlobals<PackFlags>();
      const report = await packSkill({
        dir: resolve(io.cwd, dir),
        env: { ...io.env, PATH: io.env.PATH ?? process.env.PATH },
        test: opts.test !== false,
        dryRun: opts.dryRun === true,
        ...(opts.packDestination && { destination: resolve(io.cwd, opts.packDestination) }),
        onStep: (s) => io.stderr(`${opts.json ? '' : '· '}${s}\n`),
        onOutput: (t) => io.stderr(`${t}\n`),
      });
      const refused = refusal(report);
      // With --json the report is the one object printed, with the error in it when refused.
      if (opts.json) printJson(io, refused ? { ...report, error: refused.toJSON() } : report);
      else io.stdout(formatPack(report));
      if (refused) throw refused;
    });
}

function refusal(report: PackReport): SkillError | undefined {
  const [first] = report.refusals;
  if (!first) return undefined;
  const more = report.refusals.length > 1 ? ` (and ${report.refusals.length - 1} more)` : '';
  return new SkillError(
    'PACK_REFUSED',
    `Refusing to pack: ${first.file} would ship (${first.reason})${more}.`,
    {
      hint: 'Delete it, or keep it out with package.json "files" or .npmignore; nothing was written.',
    },
  );
}

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} kB`);

export function formatPack(r: PackReport): string {
  const lines = [
    `${r.package}@${r.version}: ${r.files.length} file${r.files.length === 1 ? '' : 's'}, ${kb(r.size)} packed, ${kb(r.unpackedSize)} unpacked`,
  ];
  const refused = new Map(r.refusals.map((x) => [x.file, x]));
  for (const f of r.files) {
    const x = refused.get(f.path);
    lines.push(
      `  ${x ? '✗' : ' '} ${kb(f.size).padStart(9)}  ${f.path}${x ? `  (${x.reason})` : ''}`,
    );
  }
  if (r.refusals.length === 0)
    lines.push(r.tarball ? `Wrote ${r.tarball}` : 'Nothing written (--dry-run).');
  return lines.join('\n') + '\n';
}
