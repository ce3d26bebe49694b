import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_PACKAGE_VERSION } from './version.js';

describe('HOST_PACKAGE_VERSION', () => {
  it("equals packages/host/package.json's version", async () => {
    const pkg = JSON.parse(
      await readFile(resolve(import.meta.dirname, '..', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(HOST_PACKAGE_VERSION).toBe(pkg.version);
  });
});
