// The file vault: one 0600 file per credential under <home>/secrets (0700), written with
// write-file-atomic (temp file, fsync, rename), so two processes writing different
// credentials never clobber each other and a crash leaves the previous value. Only used
// when the user opts in with `auth.store: "file"`: the secrets sit unencrypted on disk.
import { mkdir, readFile, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { decodeFileName, encodeFileName } from '../paths.js';
import type { Credential, SecretVault } from './vault.js';

export function createFileVault(dir: string): SecretVault {
  const serviceDir = (service: string) => join(dir, encodeFileName(service));
  const file = (service: string, account: string) =>
    join(serviceDir(service), encodeFileName(account));
  return {
    kind: 'file',
    async getPassword(service, account) {
      try {
        return await readFile(file(service, account), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async setPassword(service, account, password) {
      await mkdir(serviceDir(service), { recursive: true, mode: 0o700 });
      await writeFileAtomic(file(service, account), password, { mode: 0o600, fsync: true });
    },
    async deletePassword(service, account) {
      try {
        await unlink(file(service, account));
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw e;
      }
    },
    async findCredentials(service) {
      let names: string[];
      try {
        names = await readdir(serviceDir(service));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
      const out: Credential[] = [];
      for (const name of names.sort()) {
        const account = decodeFileName(name);
        if (account === undefined) continue; // a write-file-atomic temp file
        const password = await this.getPassword(service, account);
        if (password !== null) out.push({ account, password });
      }
      return out;
    },
  };
}
