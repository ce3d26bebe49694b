// `openclaw-skill outdated`: for each skill installed from a registry, the version serving,
// the newest in the range it was installed with (what `update` installs) and the registry's
// latest (what `update --latest` installs). Reads the lockfile and the registry; changes nothing.
import type { Command } from 'commander';
import type { OutdatedEntry } from '@openclaw/skill-host';
import { openHost } from '../host.js';
import { printJson, type Io } from '../io.js';
import type { GlobalOptions } from '../options.js';

export function configure(cmd: Command, io: Io): void {
  cmd.action(async () => {
    const opts = cmd.optsWithGlobals<GlobalOptions>();
    const host = await openHost(opts, io);
    try {
      const rows = await host.outdated();
      if (opts.json) return printJson(io, rows);
      io.stdout(formatOutdated(rows));
    } finally {
      await host.close();
    }
  });
}

/** A table like `npm outdated`'s; a skill with a newer version outside its range is marked. */
export function formatOutdated(rows: readonly OutdatedEntry[]): string {
  if (rows.length === 0) return 'No skill is installed from a registry.\n';
  const table = [
    ['Skill', 'Current', 'Wanted', 'Latest', 'Range', 'Package'],
    ...rows.map((r) => [r.name, r.current, r.wanted ?? '-', r.latest ?? '-', r.range, r.package]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const lines = table.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
  const beyond = rows.filter((r) => r.latest !== undefined && r.latest !== r.wanted);
  for (const r of beyond) {
    lines.push(
      `${r.name}: ${r.latest} is outside ${r.range}; openclaw-skill update ${r.name} --latest installs it`,
    );
  }
  return lines.join('\n') + '\n';
}
