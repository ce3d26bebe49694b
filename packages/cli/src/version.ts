// The CLI's version. The bundled build replaces __CLI_VERSION__ with package.json's version
// (no file read at start); from sources (tests, tsc output) it is read from package.json,
// one folder up from both src/ and dist/.
import { readFileSync } from 'node:fs';

declare const __CLI_VERSION__: string | undefined;

export function cliVersion(): string {
  if (typeof __CLI_VERSION__ === 'string') return __CLI_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
