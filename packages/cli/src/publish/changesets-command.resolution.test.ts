import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGESETS_PACKAGE, changesetCommand } from './changesets-command.js';

const TEMPLATES = new URL('../../../../templates/', import.meta.url);

describe('changesetCommand', () => {
  let dir: string;
  let empty: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'changeset-bin-'));
    empty = await mkdtemp(join(tmpdir(), 'changeset-none-'));
    await writeFile(join(dir, 'changeset'), '#!/bin/sh\n');
    await chmod(join(dir, 'changeset'), 0o755);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(empty, { recursive: true, force: true });
  });

  it('runs the changeset executable found on the PATH it is given', () => {
    expect(changesetCommand(['version'], [empty, dir].join(delimiter))).toEqual({
      file: 'changeset',
      args: ['version'],
    });
  });

  it('runs the pinned @changesets/cli through npm exec when no changeset is on the PATH', () => {
    expect(changesetCommand(['publish'], empty)).toEqual({
      file: 'npm',
      args: ['exec', '--yes', `--package=${CHANGESETS_PACKAGE}`, '--', 'changeset', 'publish'],
    });
  });

  it.each(['tool', 'oauth', 'docs'])(
    "the %s template's changeset script runs the same pinned release",
    async (template) => {
      const pkg = JSON.parse(
        await readFile(new URL(`${template}/package.json`, TEMPLATES), 'utf8'),
      ) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
      expect(pkg.scripts.changeset).toBe(
        `npm exec --yes --package=${CHANGESETS_PACKAGE} -- changeset`,
      );
      expect(pkg.devDependencies['@changesets/cli']).toBeUndefined();
    },
  );
});
