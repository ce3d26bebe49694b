import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingPackageHint } from './skill-md-package.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oc-skill-md-package-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('missingPackageHint', () => {
  it('for a folder without SKILL.md, points at `openclaw-skill new`', () => {
    expect(missingPackageHint(dir)).toContain('openclaw-skill new');
  });

  it('for a SKILL.md folder, gives the package.json to add, named after the skill, shipping its folders', async () => {
    await writeFile(join(dir, 'SKILL.md'), '---\nname: notes\ndescription: Notes.\n---\n');
    const hint = missingPackageHint(dir);
    expect(hint).toContain(join(dir, 'package.json'));
    const json = JSON.parse(hint.slice(hint.indexOf('{'))) as Record<string, unknown>;
    expect(json).toMatchObject({
      name: 'oc-skill-notes',
      version: '0.1.0',
      files: ['SKILL.md', 'scripts', 'references', 'assets'],
    });
  });
});
