// Where the prebuilt dashboard page is: `dist/dashboard/` of this package (the build copies
// it there from packages/dashboard, so the published CLI ships it and installs nothing
// more). Found by walking up from this module, which sits in dist/, dist/bundle/chunks/ or
// (in tests) src/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function dashboardDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let i = 0; i < 5; i++) {
    for (const candidate of [join(dir, 'dashboard'), join(dir, 'dist', 'dashboard')])
      if (existsSync(join(candidate, 'index.html'))) return candidate;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}
