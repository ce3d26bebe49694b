// Which of the binaries that skills require are on PATH. Reads each PATH folder once per
// scan (no spawning `which` per skill), then checks only the names some skill asks for.
import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

const WINDOWS_EXTS = ['.exe', '.cmd', '.bat', '.com'];

function pathDirs(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const raw = env.PATH ?? (platform === 'win32' ? env.Path : undefined) ?? '';
  const sep = platform === 'win32' ? ';' : delimiter;
  return [...new Set(raw.split(sep).filter(Boolean))];
}

/** The subset of `needed` found as executables on the env's PATH. */
export async function findBins(
  needed: Iterable<string>,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Promise<ReadonlySet<string>> {
  const wanted = new Set([...needed].filter((n) => n && !n.includes('/') && !n.includes('\\')));
  const found = new Set<string>();
  if (wanted.size === 0) return found;
  const exts =
    platform === 'win32'
      ? [
          '',
          ...(env.PATHEXT ?? WINDOWS_EXTS.join(';'))
            .split(';')
            .filter(Boolean)
            .map((e) => e.toLowerCase()),
        ]
      : [''];
  const dirs = pathDirs(env, platform);
  const listings = await Promise.all(
    dirs.map((d) =>
      readdir(d).then(
        // Windows names are matched case-insensitively; keep the real name to check it.
        (names) => new Map(names.map((n) => [platform === 'win32' ? n.toLowerCase() : n, n])),
        () => new Map<string, string>(),
      ),
    ),
  );
  await Promise.all(
    [...wanted].map(async (bin) => {
      for (let i = 0; i < dirs.length; i++) {
        for (const ext of exts) {
          const file = listings[i]!.get(
            platform === 'win32' ? (bin + ext).toLowerCase() : bin + ext,
          );
          if (file === undefined) continue;
          // X_OK is meaningless on Windows; there the extension says it runs.
          const mode = platform === 'win32' ? constants.F_OK : constants.X_OK;
          const ok = await access(join(dirs[i]!, file), mode).then(
            () => true,
            () => false,
          );
          if (ok) {
            found.add(bin);
            return;
          }
        }
      }
    }),
  );
  return found;
}
