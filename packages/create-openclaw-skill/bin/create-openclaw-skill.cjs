#!/usr/bin/env node
// CommonJS on purpose: create-create-app reads require.main.filename, which an ES module
// entry does not have. The program itself is ESM in dist/.
'use strict';
import('../dist/main.js')
  .then(({ main }) =>
    main(process.argv.slice(2), {
      out: (s) => process.stdout.write(s),
      err: (s) => process.stderr.write(s),
      cwd: process.cwd(),
      env: process.env,
      isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    }),
  )
  .then((code) => {
    process.exitCode = code;
  });
