// `pnpm registry:local`: a throwaway npm registry (verdaccio) on 127.0.0.1 for trial releases.
// Anyone on this machine may publish to it without an account; it proxies nothing, so what you
// install from it is exactly what you published. Its storage lives in .tmp/registry (gitignored)
// and survives restarts; `--clean` starts empty. Ctrl-C (or SIGTERM) stops it.
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const HELP = `Usage: pnpm registry:local [--port <n>] [--clean]

Starts a local npm registry (verdaccio) on 127.0.0.1 for trial releases:
anonymous publish, no uplink, storage in .tmp/registry. Ctrl-C stops it.

Options:
  --port <n>   port to listen on (default 4873)
  --clean      delete the stored packages first
  -h, --help   show this help`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4873' },
    clean: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`registry:local: --port must be a port number, not "${values.port}"`);
  process.exit(2);
}

const root = resolve(import.meta.dirname, '..', '.tmp', 'registry');
if (values.clean) await rm(root, { recursive: true, force: true });
await mkdir(root, { recursive: true });

// Anonymous publish: npm still sends a token when it has one, and verdaccio accepts either.
const open = { access: '$all', publish: '$all', unpublish: '$all' };
const { runServer } = await import('verdaccio');
const server = await runServer({
  self_path: root,
  storage: join(root, 'storage'),
  uplinks: {},
  packages: { '@*/*': open, '**': open },
  auth: { htpasswd: { file: join(root, 'htpasswd'), max_users: -1 } },
  log: { type: 'stdout', format: 'pretty', level: 'warn' },
  web: { enable: false },
});
server.once('error', (e) => {
  console.error(
    e.code === 'EADDRINUSE'
      ? `registry:local: port ${port} is in use; pass --port <n> or stop what listens there.`
      : `registry:local: ${e.message}`,
  );
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${server.address().port}/`;
  console.log(`Local registry at ${url} (storage: ${root})`);
  console.log(`Trial release:   pnpm release --registry ${url}`);
  console.log(`Install from it: openclaw-skill install <name> --registry ${url}`);
  console.log(
    `npm publish (a skill's npm run release) wants a token even here: npm config set //${url.slice(7)}:_authToken local`,
  );
  console.log('Ctrl-C stops it.');
});

const stop = () => {
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
