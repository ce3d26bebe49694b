// A symbolic link inside a folder the user granted a sandboxed skill does not widen the
// grant: Node 20's permission model checks the path named, not where it leads, so the
// sandbox follows such a path itself and refuses with PATH_UNSAFE when it leads outside the
// granted folders (naming the path and the grant). Real skills installed into a store, run in
// the sandbox's child process; the files behind the links stay unread and unchanged.
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { testLogger } from '@openclaw/test-utils/test-logger';
import { createSkillHost, type SkillHost } from '../host.js';

const SECRET = 'host-config-secret-5e1c';
let root: string;
let home: string;
let inbox: string;
let outbox: string;
let outside: string;
let host: SkillHost;
let pkg: string;

const CODE = `
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
export default {
  createTools() {
    return {
      'files.read': ({ path }) => readFileSync(path, 'utf8'),
      'files.read_async': ({ path }) => readFile(path, 'utf8'),
      'files.write': ({ path, text }) => { writeFileSync(path, text); return 'written'; },
      'files.exists': ({ path }) => existsSync(path),
      'files.list': ({ path }) => readdirSync(path, { recursive: true }).sort().join(','),
      'files.list_async': async ({ path }) =>
        (await readdir(path, { recursive: true, withFileTypes: true }))
          .map((d) => d.name).sort().join(','),
    };
  },
};
`;

const tool = (name: string) => ({
  name,
  description: name,
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, text: { type: 'string' } },
  },
});

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'oc-grant-links-')));
  home = join(root, 'home');
  inbox = join(root, 'inbox');
  outbox = join(root, 'outbox');
  outside = join(root, 'outside');
  for (const dir of [home, inbox, outbox, outside]) await mkdir(dir, { recursive: true });
  await writeFile(join(home, 'serve-token'), SECRET);
  await writeFile(join(outside, 'note.txt'), 'outside note');
  await writeFile(join(inbox, 'letter.txt'), 'a granted letter');
  await writeFile(join(outbox, 'draft.txt'), 'a draft');
  // Links someone placed in the granted folders, pointing out of them.
  await symlink(join(home, 'serve-token'), join(inbox, 'token-link'));
  await symlink(outside, join(inbox, 'elsewhere'));
  await symlink(outside, join(outbox, 'elsewhere'));
  await symlink('../outside/note.txt', join(inbox, 'relative-link.txt'));
  // A link that stays inside the grants is followed.
  await symlink(join(outbox, 'draft.txt'), join(inbox, 'draft-link.txt'));
  pkg = await writeSkillPackage({
    skill: 'files',
    version: '1.0.0',
    code: CODE,
    manifest: {
      tools: [
        'files.read',
        'files.read_async',
        'files.write',
        'files.exists',
        'files.list',
        'files.list_async',
      ].map(tool),
    },
  });
  host = await createSkillHost({
    home,
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    hostTools: false,
    logger: testLogger().logger,
    config: { skills: { files: { grant: { read: [inbox], write: [outbox] } } } },
  });
  await host.install(pkg, { yes: true });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await rm(root, { recursive: true, force: true });
  if (pkg) await rm(pkg, { recursive: true, force: true });
});

async function call(name: string, input: Record<string, unknown>) {
  const r = await host.call({ name, input });
  return r.isError ? { code: r.code, message: r.message, hint: r.hint } : { value: r.text };
}

const text = (r: Awaited<ReturnType<typeof call>>) => JSON.stringify(r);

describe('links inside a folder granted to a sandboxed skill', () => {
  it('the skill runs in the sandbox: a file outside its grants, named directly, is refused by Node', async () => {
    const r = await call('files.read', { path: join(outside, 'note.txt') });
    expect(r).toMatchObject({ code: 'POLICY_DENIED' });
    expect(text(r)).not.toContain('outside note');
  });

  it('a regular file in the granted folder is read', async () => {
    expect(text(await call('files.read', { path: join(inbox, 'letter.txt') }))).toContain(
      'a granted letter',
    );
  });

  it("a link to a secret in the host's home is refused with PATH_UNSAFE naming the path and the grant, sync and async", async () => {
    for (const tool of ['files.read', 'files.read_async']) {
      const r = await call(tool, { path: join(inbox, 'token-link') });
      expect(r).toMatchObject({ code: 'PATH_UNSAFE' });
      expect(text(r)).toContain(join(inbox, 'token-link'));
      expect(text(r)).toContain(`granted folder ${inbox}`);
      expect(text(r)).not.toContain(SECRET);
    }
  });

  it('a file behind a linked folder, and a relative link out, are refused', async () => {
    for (const path of [join(inbox, 'elsewhere', 'note.txt'), join(inbox, 'relative-link.txt')]) {
      const r = await call('files.read', { path });
      expect(r).toMatchObject({ code: 'PATH_UNSAFE' });
      expect(text(r)).not.toContain('outside note');
    }
  });

  it('`..` after a linked folder does not climb out from where the link leads', async () => {
    const r = await call('files.read', { path: `${inbox}/elsewhere/../outside/note.txt` });
    expect(r).toMatchObject({ code: 'PATH_UNSAFE' });
  });

  it('writing through a link in the writable grant is refused and nothing is written outside', async () => {
    const r = await call('files.write', { path: join(outbox, 'elsewhere', 'new.txt'), text: 'x' });
    expect(r).toMatchObject({ code: 'PATH_UNSAFE' });
    await expect(readFile(join(outside, 'new.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await call('files.write', { path: join(outbox, 'kept.txt'), text: 'ok' })).toMatchObject(
      { value: expect.anything() },
    );
    expect(await readFile(join(outbox, 'kept.txt'), 'utf8')).toBe('ok');
  });

  it('a link from one granted folder into another is followed (and the read-only grant stays read-only)', async () => {
    expect(text(await call('files.read', { path: join(inbox, 'draft-link.txt') }))).toContain(
      'a draft',
    );
    const r = await call('files.write', { path: join(inbox, 'letter.txt'), text: 'overwritten' });
    expect(r).toMatchObject({ code: 'POLICY_DENIED' });
    expect(await readFile(join(inbox, 'letter.txt'), 'utf8')).toBe('a granted letter');
  });

  it('existsSync answers false for a link leading out, as Node answers for a path it may not see', async () => {
    expect(text(await call('files.exists', { path: join(inbox, 'token-link') }))).toContain(
      'false',
    );
    expect(text(await call('files.exists', { path: join(inbox, 'letter.txt') }))).toContain('true');
  });

  it('a recursive listing of a granted folder does not show the names behind a linked folder', async () => {
    const sync = text(await call('files.list', { path: inbox }));
    expect(sync).toContain('letter.txt');
    expect(sync).toContain('elsewhere');
    expect(sync).not.toContain('note.txt');
    const async = text(await call('files.list_async', { path: inbox }));
    expect(async).toContain('letter.txt');
    expect(async).not.toContain('note.txt');
  });
});
