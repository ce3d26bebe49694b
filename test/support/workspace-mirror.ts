// A sealed upstream for the test registry: serves the third-party packages this workspace
// already has in its pnpm folder (node_modules/.pnpm) in the npm registry's shape, on
// 127.0.0.1, so verdaccio can proxy them. A generated skill then installs typescript, vitest
// and our packages' dependencies with a real `npm install` against a real registry, without
// the network: only versions present on disk exist, each packed from its folder on first use.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WorkspaceMirror {
  url: string;
  /** Names npm asked for, in order (a name it asked for but we lack is listed too). */
  requested: string[];
  close(): Promise<void>;
}

interface Version {
  manifest: Record<string, unknown>;
  tarball: Buffer;
}

/** `@scope+name@1.0.0_peer@2` -> `@scope/name`; `name@1.0.0` -> `name`. */
function nameOf(entry: string): string | undefined {
  const at = entry.indexOf('@', entry.startsWith('@') ? 1 : 0);
  if (at <= 0) return undefined;
  return entry.slice(0, at).replace('+', '/');
}

/** The regular files under `dir`, as paths relative to it. */
async function filesOf(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(dir, rel), { withFileTypes: true })) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesOf(dir, path)));
    else if (e.isFile()) out.push(path);
  }
  return out.sort();
}

/** One ustar header (POSIX.1-1988), names longer than 100 bytes split into prefix/name. */
function tarHeader(path: string, size: number, mode: number): Buffer {
  const h = Buffer.alloc(512);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', 155);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
  }
  const put = (text: string, at: number, len: number) => h.write(text, at, len, 'utf8');
  const octal = (n: number, at: number, len: number) =>
    put(n.toString(8).padStart(len - 1, '0') + '\0', at, len);
  put(name, 0, 100);
  octal(mode, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  // A fixed time (the one npm pack uses) so a packed folder is always the same bytes.
  octal(499162500, 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const b of h) sum += b;
  octal(sum, 148, 7);
  return h;
}

/**
 * The folder as an npm tarball (`package/...`, gzip). Written here rather than with node-tar:
 * pnpm hard-links identical files, and tar 7 never finishes a folder holding two links to one
 * inode.
 */
async function pack(dir: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const rel of await filesOf(dir)) {
    const data = await readFile(join(dir, rel));
    const mode = (await stat(join(dir, rel))).mode & 0o111 ? 0o755 : 0o644;
    parts.push(tarHeader(`package/${rel}`, data.length, mode), data);
    if (data.length % 512) parts.push(Buffer.alloc(512 - (data.length % 512)));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

export async function startWorkspaceMirror(workspaceRoot: string): Promise<WorkspaceMirror> {
  const store = join(workspaceRoot, 'node_modules', '.pnpm');
  const dirsByName = new Map<string, string[]>();
  for (const entry of await readdir(store)) {
    const name = nameOf(entry);
    if (!name) continue;
    const list = dirsByName.get(name) ?? [];
    list.push(join(store, entry, 'node_modules', name));
    dirsByName.set(name, list);
  }
  const packed = new Map<string, Promise<Map<string, Version>>>();
  const versionsOf = (name: string) => {
    let p = packed.get(name);
    if (!p) {
      p = (async () => {
        const out = new Map<string, Version>();
        for (const dir of dirsByName.get(name) ?? []) {
          const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
          if (out.has(manifest.version)) continue;
          out.set(manifest.version, { manifest, tarball: await pack(dir) });
        }
        return out;
      })();
      packed.set(name, p);
    }
    return p;
  };
  const requested: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1);
      const tgz = path.match(/^(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/);
      const name = tgz ? tgz[1]! : path;
      if (!tgz) requested.push(name);
      const versions = dirsByName.has(name) ? await versionsOf(name) : new Map();
      if (tgz) {
        const v = versions.get(tgz[2]!);
        if (!v) return void res.writeHead(404).end();
        return void res
          .writeHead(200, { 'content-type': 'application/octet-stream' })
          .end(v.tarball);
      }
      if (versions.size === 0)
        return void res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":"not found"}');
      const base = `http://${req.headers.host}/${name}/-/${name.split('/').pop()}`;
      const doc = {
        name,
        'dist-tags': {
          latest: [...versions.keys()]
            .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
            .at(-1),
        },
        versions: Object.fromEntries(
          [...versions].map(([version, v]) => [
            version,
            {
              ...v.manifest,
              _id: `${name}@${version}`,
              dist: {
                tarball: `${base}-${version}.tgz`,
                shasum: createHash('sha1').update(v.tarball).digest('hex'),
                integrity: `sha512-${createHash('sha512').update(v.tarball).digest('base64')}`,
              },
            },
          ]),
        ),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
    })().catch((e: Error) => res.writeHead(500).end(e.message));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requested,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
