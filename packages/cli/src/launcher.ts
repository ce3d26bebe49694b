#!/usr/bin/env node
// The installed `openclaw-skill` (built as CommonJS, which Node starts faster than an ES
// module). It answers `--help`, `-h`, no arguments and `--version` from text the build took
// from the program itself, so they load nothing; every other command line runs the bundled
// program, main.cjs, with V8's code cache (code-cache.ts). test/cli-bin.test.ts checks the
// text matches what the program prints.
import { join } from 'node:path';
import { codeCacheDir, runWithCodeCache } from './code-cache.js';
import { writeAll } from './fd-write.js';

declare const __ROOT_HELP__: string;
declare const __CLI_VERSION__: string;
/** SHA-256 of main.cjs, computed by the build. */
declare const __BUNDLE_BUILD__: string;
/** 'latin1' when main.cjs is all ASCII (the same text, read faster), else 'utf8'. */
declare const __BUNDLE_ENCODING__: 'latin1' | 'utf8';

const argv = process.argv.slice(2);
const only = argv.length === 1 ? argv[0] : undefined;
if (argv.length === 0 || only === '--help' || only === '-h') {
  print(__ROOT_HELP__);
} else if (only === '--version' || only === '-v') {
  print(`${__CLI_VERSION__}\n`);
} else {
  // main.cjs sits beside the built launcher (dist/bundle/).
  const run = runWithCodeCache(join(__dirname, 'main.cjs'), {
    build: __BUNDLE_BUILD__,
    encoding: __BUNDLE_ENCODING__,
    cacheDir: codeCacheDir(process.env),
    // This file is CommonJS (see above): its module's class is node:module's Module.
    moduleClass: module.constructor as typeof import('node:module').Module,
  });
  // At exit the functions this command ran are compiled: the cache then holds them too.
  process.once('exit', () => run.save());
}

/** Help and version, with no stream to create unless the write fails (see fd-write.ts). */
function print(text: string): void {
  const rest = process.platform === 'win32' ? text : writeAll(1, text);
  if (rest) process.stdout.write(rest);
}
