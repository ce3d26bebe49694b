// A sealed world for the network attacks of testing/hostile-network/net-attack: the skill in
// a host's store with axios and got copied into its node_modules, and loopback servers that
// count what reaches them. Allowed (in the skill's manifest): an HTTP, an HTTPS (self-signed
// certificate in testing/hostile-network), an h2c and a UDP listener. Not allowed: an HTTP
// server, a UDP listener (also the skill's would-be DNS server) and a unix socket. Not part
// of the public API.
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { EventEmitter, once } from 'node:events';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { HostConfig } from '../config/schema.js';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { copyDependencies } from './testing/copy-dependencies.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, 'testing', 'hostile-network');
export const SKILL = 'net-attack';

/** How many requests, connections or datagrams each listener received. */
export interface Hits {
  allowedHttp: number;
  allowedTls: number;
  allowedH2: number;
  allowedUdp: number;
  otherTcp: number;
  trapUdp: number;
  unix: number;
}

export interface NetworkWorld {
  ports: { allowedHttp: number; allowedTls: number; allowedH2: number; allowedUdp: number };
  otherPort: number;
  trapPort: number;
  unixPath: string;
  /** The self-signed certificate of the HTTPS server, for the skill's `ca`. */
  ca: string;
  hits: Hits;
  /** Resolves once anything sent to the trap listeners before has been counted. */
  settle(): Promise<void>;
  open(runner: 'sandbox' | 'worker'): Promise<SkillHost>;
  close(): Promise<void>;
}

type Closable = { close(cb?: () => void): unknown };

async function listenTcp(server: net.Server, where: number | string): Promise<number> {
  await new Promise<void>((resolve) =>
    typeof where === 'string'
      ? server.listen(where, resolve)
      : server.listen(0, '127.0.0.1', resolve),
  );
  return (server.address() as net.AddressInfo | null)?.port ?? 0;
}

async function listenUdp(
  onMessage: (m: Buffer) => void,
): Promise<{ socket: UdpSocket; port: number }> {
  const socket = createSocket('udp4');
  socket.on('message', onMessage);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port };
}

const MARKER = 'marker from the test';

/**
 * Sends the test's own datagram to each UDP listener and its own connection to the other
 * port, and waits until all arrived: loopback delivers in order, so whatever the skill sent
 * before has been counted by then, and a count of zero means nothing came.
 */
async function settle(
  to: { otherPort: number; trapPort: number; allowedUdp: number },
  marks: EventEmitter,
): Promise<void> {
  const arrived = Promise.all(['udp', 'udp-allowed', 'tcp'].map((e) => once(marks, e)));
  const udp = createSocket('udp4');
  for (const port of [to.trapPort, to.allowedUdp]) {
    await new Promise<void>((resolve, reject) =>
      udp.send(MARKER, port, '127.0.0.1', (e) => (e ? reject(e) : resolve())),
    );
  }
  udp.close();
  const tcp = net.connect({ host: '127.0.0.1', port: to.otherPort }, () => tcp.write(MARKER));
  tcp.on('error', () => undefined);
  await arrived;
  tcp.destroy();
}

async function servers(root: string, hits: Hits) {
  const [cert, key] = await Promise.all(
    ['tls-cert.pem', 'tls-key.pem'].map((f) => readFile(join(FIXTURE, f), 'utf8')),
  );
  const reply =
    (name: 'allowedHttp' | 'allowedTls' | 'allowedH2') =>
    (_req: unknown, res: { end(text: string): void }) => {
      hits[name]++;
      res.end(`hello from ${name}`);
    };
  const allowedHttp = http.createServer(reply('allowedHttp'));
  const allowedTls = https.createServer({ cert, key }, reply('allowedTls'));
  const allowedH2 = http2.createServer(reply('allowedH2'));
  // Any connection at all counts (the attacks need not speak HTTP), except the test's own
  // marker connection and datagrams (see `settle`).
  const marks = new EventEmitter();
  const other = net.createServer((s) => {
    hits.otherTcp++;
    s.on('error', () => undefined);
    s.once('data', (d: Buffer) => {
      if (d.toString() === MARKER) {
        hits.otherTcp--;
        marks.emit('tcp');
      }
      s.destroy();
    });
  });
  const unix = net.createServer((s) => {
    hits.unix++;
    s.destroy();
  });
  const unixPath = join(root, 'trap.sock');
  const udpAllowed = await listenUdp((m) => {
    if (m.toString() === MARKER) marks.emit('udp-allowed');
    else hits.allowedUdp++;
  });
  const udpTrap = await listenUdp((m) => {
    if (m.toString() === MARKER) marks.emit('udp');
    else hits.trapUdp++;
  });
  const ports = {
    allowedHttp: await listenTcp(allowedHttp, 0),
    allowedTls: await listenTcp(allowedTls, 0),
    allowedH2: await listenTcp(allowedH2, 0),
    allowedUdp: udpAllowed.port,
  };
  const otherPort = await listenTcp(other, 0);
  await listenTcp(unix, unixPath);
  const closables: Closable[] = [allowedHttp, allowedTls, allowedH2, other, unix];
  return {
    ports,
    otherPort,
    trapPort: udpTrap.port,
    unixPath,
    ca: cert!,
    settle: () =>
      settle({ otherPort, trapPort: udpTrap.port, allowedUdp: ports.allowedUdp }, marks),
    close: async () => {
      allowedHttp.closeAllConnections();
      allowedTls.closeAllConnections();
      await Promise.all(closables.map((c) => new Promise<void>((r) => c.close(() => r()))));
      udpAllowed.socket.close();
      udpTrap.socket.close();
    },
  };
}

/**
 * The skill in `<home>/store`, its manifest allowing `allowed.invalid`, the allowed ports on
 * 127.0.0.1 and the allowed UDP port on localhost.
 */
async function installSkill(home: string, ports: NetworkWorld['ports']): Promise<void> {
  const dir = join(home, 'store', SKILL);
  await mkdir(dirname(dir), { recursive: true });
  await cp(join(FIXTURE, SKILL), dir, { recursive: true });
  const manifestFile = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
    permissions: { network: string[] };
  };
  manifest.permissions.network.push(
    ...Object.values(ports).map((p) => `127.0.0.1:${p}`),
    // A name the system resolver answers: a datagram to it is checked at the socket handle
    // by the address the resolver gave.
    `localhost:${ports.allowedUdp}`,
  );
  await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
  await copyDependencies(['axios', 'got'], here, join(dir, 'node_modules'));
}

export async function networkWorld(): Promise<NetworkWorld> {
  const root = await tempDir('oc-hostile-net-');
  const home = join(root, 'home');
  const hits: Hits = {
    allowedHttp: 0,
    allowedTls: 0,
    allowedH2: 0,
    allowedUdp: 0,
    otherTcp: 0,
    trapUdp: 0,
    unix: 0,
  };
  const s = await servers(root, hits);
  await installSkill(home, s.ports);
  const hosts: SkillHost[] = [];
  const quiet = new Writable({ write: (_c, _e, done) => done() });
  return {
    ...s,
    hits,
    async open(runner) {
      const config: HostConfig = { skills: { [SKILL]: { runner } } };
      const host = await createSkillHost({
        home,
        workspace: join(root, 'ws'),
        userHome: join(root, 'user'),
        env: { PATH: process.env.PATH ?? '' },
        logger: pino({ level: 'info' }, quiet),
        hostTools: false,
        config,
      });
      hosts.push(host);
      return host;
    },
    async close() {
      await Promise.all(hosts.splice(0).map((h) => h.close()));
      await s.close();
    },
  };
}
