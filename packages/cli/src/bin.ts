// The program's entry: bundled as dist/bundle/main.cjs and run by the launcher.
import { run } from './program.js';
import { binaryIo } from './io.js';

void run(process.argv.slice(2), binaryIo()).then((code) => {
  process.exitCode = code;
});
