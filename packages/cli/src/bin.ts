#!/usr/bin/env node
// The program's entry: bundled as dist/bundle/main.js and started by the launcher.
import { run } from './program.js';
import { processIo } from './io.js';

process.exitCode = await run(process.argv.slice(2), processIo());
