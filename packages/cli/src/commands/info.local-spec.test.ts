// `info` on a local .tgz or folder reads it where it is: its progress line says so (no
// registry is named) and a missing one is reported as missing, not as a registry failure.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { progressLine } from './info.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-info-local-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('info progress line', () => {
  it('says "reading" for a file: spec and "fetching ... from <registry>" for a package name', () => {
    expect(progressLine('./a-0.1.0.tgz', 'file:/w/a-0.1.0.tgz', 'http://127.0.0.1:9/')).toBe(
      'reading ./a-0.1.0.tgz',
    );
    expect(progressLine('team-cal@^1', 'team-cal@^1', 'http://127.0.0.1:9/')).toBe(
      'fetching team-cal@^1 from http://127.0.0.1:9/',
    );
  });
});

describe('openclaw-skill info of a local spec that does not exist', () => {
  it.each(['./my-skill-0.1.0.tgz', join('missing', 'folder')])(
    '%s: "reading" on stderr, no registry named, SKILL_NOT_FOUND and exit 1',
    async (spec) => {
      const io = memoryIo({ cwd: root, env: { HOME: root } });
      // A registry on a closed loopback port: reaching it would fail differently.
      const code = await run(
        [
          'info',
          spec.startsWith('.') ? spec : join(root, spec),
          '--registry',
          'http://127.0.0.1:9/',
          '--home',
          join(root, 'home'),
          '--json',
        ],
        io,
      );
      expect(code).toBe(1);
      expect(io.err.split('\n')[0]).toMatch(/^reading /);
      expect(io.err).not.toContain('127.0.0.1:9');
      expect(JSON.parse(io.out)).toMatchObject({
        error: { code: 'SKILL_NOT_FOUND', message: expect.stringMatching(/does not exist\.$/) },
      });
    },
  );
});
