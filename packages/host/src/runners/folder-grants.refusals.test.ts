import { mkdtempSync, realpathSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostConfig } from '../config/schema.js';
import { validateHostConfig } from '../config/load.js';
import { grantedFolders, resolveFolderGrants } from './folder-grants.js';

// Made when the file loads: the refusal table below names paths inside it.
const root = realpathSync(mkdtempSync(join(tmpdir(), 'oc-folder-grants-')));
const user = join(root, 'user');
const hostHome = join(user, '.openclaw');
const configFile = '/etc/test/config.json';

beforeAll(async () => {
  await mkdir(join(user, 'Outbox'), { recursive: true });
  await mkdir(join(user, 'Drafts'), { recursive: true });
  await mkdir(join(hostHome, 'vault'), { recursive: true });
  await symlink(join(hostHome, 'vault'), join(user, 'vault-link'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const config = (grant: Record<string, string[]>): HostConfig => ({ skills: { gmail: { grant } } });
const resolveFor = (grant: Record<string, string[]>) =>
  resolveFolderGrants({
    config: config(grant),
    skill: 'gmail',
    hostHome,
    userHome: user,
    configFile,
  });

describe('folders granted in the host config', () => {
  it('expands ~ and returns real paths, the write folders apart from the read ones', async () => {
    await expect(
      resolveFor({ read: ['~/Outbox'], write: [join(user, 'Drafts')] }),
    ).resolves.toEqual({
      read: [join(user, 'Outbox')],
      write: [join(user, 'Drafts')],
    });
  });

  it('is shown for list and consent with ~ expanded, and absent when nothing is granted', () => {
    expect(grantedFolders(config({ read: ['~/Outbox'] }), 'gmail', user)).toEqual({
      read: [join(user, 'Outbox')],
      write: [],
    });
    expect(grantedFolders({}, 'gmail', user)).toBeUndefined();
  });

  it.each([
    [
      'a folder inside the host home',
      { read: [join(hostHome, 'vault')] },
      'grant.read[0]',
      "host's home",
    ],
    ['a folder containing the host home (~)', { write: ['~'] }, 'grant.write[0]', "host's home"],
    [
      'a link into the host home',
      { read: ['~/Outbox', '~/vault-link'] },
      'grant.read[1]',
      "host's home",
    ],
    ['a relative path', { read: ['Outbox'] }, 'grant.read[0]', 'not an absolute path'],
    ['a folder that does not exist', { read: ['~/Nope'] }, 'grant.read[0]', 'does not exist'],
  ])(
    'refuses %s with CONFIG_INVALID naming the key and the config file',
    async (_, grant, key, why) => {
      const e = await resolveFor(grant).catch((x: unknown) => x);
      expect(e).toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining(`${configFile}: skills.gmail.${key}`),
        hint: expect.stringContaining(`skills.gmail.${key}`),
      });
      expect((e as Error).message).toContain(why);
    },
  );

  it('is accepted by the config schema as lists of paths, and a non-list is a config problem', () => {
    expect(() =>
      validateHostConfig(config({ read: ['/a'], write: ['/b'] }), configFile),
    ).not.toThrow();
    expect(() =>
      validateHostConfig({ skills: { gmail: { grant: { read: '/a' } } } }, configFile),
    ).toThrow(/\/skills\/gmail\/grant\/read must be array/);
  });
});
