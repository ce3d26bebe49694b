// Stored package bytes are installed only when they match the lockfile's SRI integrity, read
// the way npm reads it (the strongest algorithm named decides).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import {
  checkPackageBytes,
  integrityOf,
  matchesIntegrity,
  readPackageBytes,
} from './package-bytes.js';
import type { LockEntry } from './types.js';

const bytes = Buffer.from('a tarball, as far as hashing is concerned');
const sri = (alg: string, data: Buffer) =>
  `${alg}-${createHash(alg).update(data).digest('base64')}`;
const entry = (integrity: string, resolved = 'https://registry.test/x.tgz'): LockEntry => ({
  name: 'fleet',
  package: 'oc-skill-fleet',
  version: '2.0.0',
  resolved,
  integrity,
  time: '2026-01-01T00:00:00.000Z',
  spec: resolved,
});

describe('package bytes against their integrity', () => {
  it("integrityOf is npm's sha512 SRI string of the bytes", () => {
    expect(integrityOf(bytes)).toBe(sri('sha512', bytes));
  });

  it('matches its own sha512, and a legacy sha1 integrity', () => {
    expect(matchesIntegrity(bytes, sri('sha512', bytes))).toBe(true);
    expect(matchesIntegrity(bytes, sri('sha1', bytes))).toBe(true);
  });

  it('one changed byte does not match', () => {
    const other = Buffer.from(bytes);
    other.writeUInt8(other.readUInt8(0) ^ 1, 0);
    expect(matchesIntegrity(other, sri('sha512', bytes))).toBe(false);
  });

  it('with several hashes the strongest algorithm decides: a right sha1 beside a wrong sha512 does not match', () => {
    const wrong = sri('sha512', Buffer.from('something else'));
    expect(matchesIntegrity(bytes, `${sri('sha1', bytes)} ${wrong}`)).toBe(false);
    expect(matchesIntegrity(bytes, `${sri('sha1', bytes)} ${sri('sha512', bytes)}`)).toBe(true);
  });

  it('an empty or unknown-algorithm integrity never matches', () => {
    expect(matchesIntegrity(bytes, '')).toBe(false);
    expect(matchesIntegrity(bytes, 'md5-AAAA')).toBe(false);
  });

  it('checkPackageBytes refuses a mismatch with INSTALL_FAILED naming where the bytes came from and the package', () => {
    expect(() =>
      checkPackageBytes(Buffer.from('x'), entry(sri('sha512', bytes)), 'the shared store'),
    ).toThrow(
      expect.objectContaining({
        code: 'INSTALL_FAILED',
        message: expect.stringMatching(
          /^the shared store holds bytes for fleet@2\.0\.0 that do not match its integrity/,
        ),
      }),
    );
  });

  it('readPackageBytes reads a tarball file install again and refuses it once the file changed', async () => {
    const dir = await tempDir();
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'fleet-2.0.0.tgz');
    await writeFile(file, bytes);
    const e = entry(sri('sha512', bytes), `file:${file}`);
    expect(await readPackageBytes(e, { cache: join(dir, 'cache') })).toEqual(bytes);
    await writeFile(file, 'replaced');
    await expect(readPackageBytes(e, { cache: join(dir, 'cache') })).rejects.toMatchObject({
      code: 'INSTALL_FAILED',
    });
  });
});
