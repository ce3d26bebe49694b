// The program's entry: bundled as dist/bundle/main.cjs and run by the launcher.
import { run } from './program.js';
import { processIo } from './io.js';

void run(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
