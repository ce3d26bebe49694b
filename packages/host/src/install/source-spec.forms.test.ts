import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSourceSpec, parseGitSpec, parseSourceSpec } from './source-spec.js';

describe('parseGitSpec', () => {
  it.each([
    ['github:acme/skills', { url: 'https://github.com/acme/skills.git' }],
    ['github:acme/skills#v2', { url: 'https://github.com/acme/skills.git', ref: 'v2' }],
    ['acme/skills/skills/pdf', { url: 'https://github.com/acme/skills.git', path: 'skills/pdf' }],
    [
      'https://example.com/acme/skills.git#main',
      { url: 'https://example.com/acme/skills.git', ref: 'main' },
    ],
    ['git+ssh://git@example.com/acme/skills.git', { url: 'ssh://git@example.com/acme/skills.git' }],
    [
      'git+file:///tmp/repo#abc::path:skills/pdf',
      { url: 'file:///tmp/repo', ref: 'abc', path: 'skills/pdf' },
    ],
    ['git+file:///tmp/repo#::skill:pdf', { url: 'file:///tmp/repo', skill: 'pdf' }],
  ])('reads %s', (spec, want) => {
    expect(parseGitSpec(spec)).toEqual({ type: 'git', ...want });
  });

  it.each(['weather', 'weather@^1', '@acme/weather', './skills/pdf', 'https://example.com/x.tgz'])(
    'leaves the npm or local spec %s alone',
    (spec) => {
      expect(parseGitSpec(spec)).toBeUndefined();
    },
  );

  it('refuses a path inside the repository that leaves it', () => {
    expect(() => parseGitSpec('git+file:///tmp/repo#::path:../x')).toThrow(/leaves it/);
  });

  it('refuses an unknown ::part, naming the form to write', () => {
    expect(() => parseGitSpec('git+file:///tmp/repo#main::sub:x')).toThrow(/::path:<dir>/);
  });
});

describe('parseSourceSpec on local paths', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oc-spec-'));
    await mkdir(join(dir, 'docs-skill'));
    await writeFile(join(dir, 'docs-skill', 'SKILL.md'), '---\nname: d\n---\n');
    await mkdir(join(dir, 'npm-skill'));
    await writeFile(join(dir, 'npm-skill', 'package.json'), '{}');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a folder without package.json is a folder source; one with package.json stays with npm', () => {
    expect(parseSourceSpec('./docs-skill', dir)).toEqual({
      type: 'folder',
      file: join(dir, 'docs-skill'),
    });
    expect(parseSourceSpec('./npm-skill', dir)).toBeUndefined();
  });

  it('a .zip is a zip source, resolved against the working folder', () => {
    expect(parseSourceSpec('pdf.zip', dir)).toEqual({ type: 'zip', file: join(dir, 'pdf.zip') });
  });

  it('an npm name is no source of these kinds', () => {
    expect(parseSourceSpec('weather@1.0.0', dir)).toBeUndefined();
  });
});

describe('formatSourceSpec', () => {
  it('writes the git source back with the ref and the skill path, in a form parseGitSpec reads', () => {
    const src = parseGitSpec('git+file:///tmp/repo#main')!;
    const spec = formatSourceSpec(src, { skillPath: 'skills/pdf' });
    expect(spec).toBe('git+file:///tmp/repo#main::path:skills/pdf');
    expect(parseGitSpec(spec)).toEqual({ ...src, path: 'skills/pdf' });
    expect(formatSourceSpec(src, { ref: 'c0ffee', skillPath: '' })).toBe(
      'git+file:///tmp/repo#c0ffee',
    );
  });
});
