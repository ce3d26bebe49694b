// Where `openclaw-skill new` finds the scaffolder. The CLI does not depend on it: a skill has
// the CLI as a devDependency for validate, pack and release, and the scaffolder's own tree
// (its template engine and prompts) is of no use to a skill once it exists.
// When the scaffolder is installed beside the CLI (a checkout, a global install of both), its
// bin runs directly; otherwise npm fetches the version this CLI was built with and runs it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

declare const __SCAFFOLDER_VERSION__: string | undefined;

export interface ScaffolderCommand {
  command: string;
  args: string[];
  /** Whether the scaffolder runs as our direct child (it can then report failures on fd 3). */
  direct: boolean;
}

/** The scaffolder's bin, when it can be resolved from here. */
export function localScaffolderBin(): string | undefined {
  try {
    const req = createRequire(import.meta.url);
    const pkgFile = req.resolve('create-openclaw-skill/package.json');
    const bin = (req(pkgFile) as { bin: Record<string, string> }).bin['create-openclaw-skill']!;
    return join(dirname(pkgFile), bin);
  } catch {
    return undefined;
  }
}

export function scaffolderCommand(): ScaffolderCommand {
  const bin = localScaffolderBin();
  if (bin) return { command: process.execPath, args: [bin], direct: true };
  const version = typeof __SCAFFOLDER_VERSION__ === 'string' ? __SCAFFOLDER_VERSION__ : 'latest';
  return {
    command: process.platform === 'win32' ? 'npm.cmd' : 'npm',
    args: [
      'exec',
      '--yes',
      `--package=create-openclaw-skill@${version}`,
      '--',
      'create-openclaw-skill',
    ],
    direct: false,
  };
}
