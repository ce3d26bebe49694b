// What manifest.json checking answers for inputs that were quadratic or threw.
// How long each takes is bounded in the fuzz harness (`pnpm fuzz`), not here.
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS } from '../errors.js';
import { deepManifest, emptyAuthEntries, emptyTools } from '../hostile-inputs.fixtures.js';
import { checkManifestText } from './manifest-file.js';
import { skillFolders } from './skill-folders.fixtures.js';
import { readSkillFolder } from './read-folder.js';

const file = '/skills/gmail/manifest.json';
const check = (text: string) => checkManifestText(text, { dir: '/skills/gmail', file });
const skill = skillFolders('oc-manifest-hostile-');

describe('manifest.json on hostile input', () => {
  it('an auth map of 4,000 empty entries: the first 100 problems, then one saying the list was cut', () => {
    const { problems } = check(emptyAuthEntries(4_000));
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.slice(0, -1).every((p) => p.code === 'MANIFEST_SCHEMA')).toBe(true);
    expect(problems[0]).toMatchObject({ field: 'auth.p0', line: 1 });
    expect(problems.at(-1)).toMatchObject({ code: 'PROBLEMS_TRUNCATED', severity: 'error', file });
  });

  it('30,000 empty tools: capped the same way', () => {
    const { problems } = check(emptyTools(30_000));
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.at(-1)!.code).toBe('PROBLEMS_TRUNCATED');
  });

  it('a manifest nested 5,000 deep is MANIFEST_INVALID naming the file and the depth', () => {
    const { problems, manifest } = check(deepManifest(5_000));
    expect(manifest).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({ code: 'MANIFEST_INVALID', severity: 'error', file, line: 1 }),
    ]);
    expect(problems[0]!.message).toMatch(
      /^manifest\.json nests 5001 levels deep \(the limit is 100\)/,
    );
  });

  it('a package.json nested 5,000 deep is PACKAGE_JSON_INVALID with the depth', async () => {
    const dir = await skill({
      'SKILL.md': '---\nname: gmail\ndescription: d\n---\n',
      'package.json': `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    });
    const f = await readSkillFolder(dir);
    expect(f.problems.map((p) => p.code)).toEqual(['PACKAGE_JSON_INVALID']);
    expect(f.problems[0]!.message).toContain('nests 5001 levels deep');
  });

  it('a key thousands of characters long is cut in the message and field', () => {
    const key = 'k'.repeat(5_000);
    const { problems } = check(JSON.stringify({ manifestVersion: 1, name: 'gmail', [key]: 1 }));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message.length).toBeLessThan(400);
    expect(problems[0]!.field!.length).toBeLessThan(80);
  });
});
