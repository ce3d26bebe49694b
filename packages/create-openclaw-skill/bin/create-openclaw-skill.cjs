#!/usr/bin/env node
// CommonJS, so the bin starts the same under every package manager's shim. The program is
// one bundled ES module, dist/cli.mjs (build.mjs).
'use strict';

// `openclaw-skill new` runs this bin and says so: its name goes into messages, and a failure
// is written as one JSON object to the descriptor it gives, for it to report as its own.
const command = process.env.OPENCLAW_SKILL_SCAFFOLD_COMMAND;
const failFd = Number(process.env.OPENCLAW_SKILL_SCAFFOLD_ERROR_FD);

Promise.all([import('node:fs'), import('../dist/cli.mjs')])
  .then(([{ writeSync }, { main }]) =>
    main(process.argv.slice(2), {
      out: (s) => process.stdout.write(s),
      err: (s) => process.stderr.write(s),
      cwd: process.cwd(),
      env: process.env,
      isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
      ...(command && { command }),
      ...(Number.isInteger(failFd) &&
        failFd > 2 && { fail: (error) => writeSync(failFd, `${JSON.stringify(error)}\n`) }),
    }),
  )
  .then((code) => {
    process.exitCode = code;
  });
