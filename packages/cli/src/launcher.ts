#!/usr/bin/env node
// The installed `openclaw-skill` (built as CommonJS, which Node starts faster than an ES
// module). It answers `--help`, `-h`, no arguments and `--version` from text the build took
// from the program itself, so they load nothing; every other command line loads the bundled
// program. test/cli-bin.test.ts checks the text matches what the program prints.
declare const __ROOT_HELP__: string;
declare const __CLI_VERSION__: string;

const argv = process.argv.slice(2);
const only = argv.length === 1 ? argv[0] : undefined;
if (argv.length === 0 || only === '--help' || only === '-h') {
  process.stdout.write(__ROOT_HELP__);
} else if (only === '--version' || only === '-v') {
  process.stdout.write(`${__CLI_VERSION__}\n`);
} else {
  // main.js sits beside the built launcher (dist/bundle/); a variable keeps TypeScript from
  // looking for it among the sources.
  const main = './main.js';
  void import(main);
}
