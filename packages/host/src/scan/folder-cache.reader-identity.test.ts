// The scan cache trusts answers only from the same reader: the SDK's version, its entry's
// build time and the build time of each parser bundle beside it.
import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readerIdentityOf } from './folder-cache.js';

async function fakeSdk() {
  const dist = join(await mkdtemp(join(tmpdir(), 'reader-id-')), 'dist');
  await mkdir(join(dist, 'bundled'), { recursive: true });
  const entry = join(dist, 'index.js');
  await writeFile(entry, 'export {};\n');
  for (const name of ['parsers.cjs', 'yaml.cjs', 'json5.cjs'])
    await writeFile(join(dist, 'bundled', name), '');
  const at = new Date('2026-01-02T03:04:05Z');
  for (const f of [
    entry,
    ...['parsers.cjs', 'yaml.cjs', 'json5.cjs'].map((n) => join(dist, 'bundled', n)),
  ])
    await utimes(f, at, at);
  return { dist, entry };
}

describe('readerIdentityOf', () => {
  it('is the same for an unchanged SDK and changes when only a parser bundle is rebuilt', async () => {
    const { dist, entry } = await fakeSdk();
    const before = readerIdentityOf(entry, '1.2.3');
    expect(readerIdentityOf(entry, '1.2.3')).toBe(before);
    const later = new Date('2026-01-03T00:00:00Z');
    await utimes(join(dist, 'bundled', 'parsers.cjs'), later, later);
    expect(readerIdentityOf(entry, '1.2.3')).not.toBe(before);
  });

  it('changes with the SDK version alone', async () => {
    const { entry } = await fakeSdk();
    expect(readerIdentityOf(entry, '1.2.4')).not.toBe(readerIdentityOf(entry, '1.2.3'));
  });
});
