// How a release runs Changesets. A skill that installs @changesets/cli (a checkout, or an
// author who added it) runs its own; a scaffolded skill does not install it, which keeps its
// ~100 packages out of every skill's node_modules, so the release runs this pinned version
// through `npm exec` (a release reaches the registry anyway, and npm caches the package).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The Changesets release a skill runs when it installs none (also the templates' script). */
export const CHANGESETS_PACKAGE = '@changesets/cli@2.31.1';

export interface ChangesetCommand {
  file: string;
  args: string[];
}

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Pure apart from file checks: `changeset <args>` as found on `path`, else through npm exec. */
export function changesetCommand(args: string[], path: string): ChangesetCommand {
  const names = process.platform === 'win32' ? ['changeset.cmd', 'changeset'] : ['changeset'];
  const found = path
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => names.some((n) => executable(join(dir, n))));
  if (found) return { file: 'changeset', args };
  return {
    file: 'npm',
    args: ['exec', '--yes', `--package=${CHANGESETS_PACKAGE}`, '--', 'changeset', ...args],
  };
}
