import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillFolders } from './skill-folders.fixtures.js';
import { readSkillFolder } from './read-folder.js';

const skill = skillFolders('oc-read-folder-');

const md = (name = 'gmail', description = 'Read and send Gmail.') =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;
const tool = (name: string, extra: object = {}) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object' },
  ...extra,
});
const manifest = (extra: object = {}) => ({
  manifestVersion: 1,
  name: 'gmail',
  tools: [tool('gmail.list')],
  ...extra,
});
const pkg = (extra: object = {}) => ({
  name: '@me/skill-gmail',
  version: '1.0.0',
  type: 'module',
  keywords: ['openclaw-skill'],
  ...extra,
});
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('readSkillFolder', () => {
  it('reads a valid code skill: manifest, doc, package.json and entry, no problems', async () => {
    const dir = await skill({
      'SKILL.md': md(),
      'manifest.json': manifest(),
      'package.json': pkg({ exports: { '.': './dist/index.js' } }),
    });
    const f = await readSkillFolder(dir);
    expect(f.problems).toEqual([]);
    expect(f).toMatchObject({
      dir,
      kind: 'code',
      entry: join(dir, 'dist/index.js'),
      doc: { name: 'gmail' },
    });
    expect(f.packageJson).toMatchObject({
      name: '@me/skill-gmail',
      version: '1.0.0',
      type: 'module',
      keywords: ['openclaw-skill'],
    });
    // The manifest's description defaults to SKILL.md's.
    expect(f.manifest).toMatchObject({ name: 'gmail', description: 'Read and send Gmail.' });
  });

  it('reads a docs-only skill', async () => {
    const f = await readSkillFolder(await skill({ 'SKILL.md': md() }));
    expect(f).toMatchObject({ kind: 'docs', problems: [] });
    expect(f.manifest).toBeUndefined();
    expect(f.entry).toBeUndefined();
  });

  it('reports manifest and SKILL.md names that disagree, on the manifest line', async () => {
    const dir = await skill(
      { 'SKILL.md': md('gmail-skill'), 'manifest.json': manifest() },
      'gmail-skill',
    );
    const f = await readSkillFolder(dir);
    expect(f.problems).toEqual([
      expect.objectContaining({
        code: 'MANIFEST_NAME_MISMATCH',
        severity: 'error',
        file: join(dir, 'manifest.json'),
        line: 3,
        field: 'name',
      }),
    ]);
    expect(f.problems[0]!.message).toContain('SKILL.md says "gmail-skill"');
  });

  it('compares the manifest name with the folder name when SKILL.md has none', async () => {
    const dir = await skill(
      { 'SKILL.md': '---\ndescription: d\n---\n', 'manifest.json': manifest() },
      'skill-gmail',
    );
    const f = await readSkillFolder(dir);
    expect(codes(f.problems)).toEqual(['SKILL_MD_NAME_MISSING', 'MANIFEST_NAME_MISMATCH']);
    expect(f.problems[1]!.message).toContain('folder name "skill-gmail"');
  });

  it('reports a tool name with a dot in the wrong place and suggests the right one', async () => {
    const dir = await skill({
      'SKILL.md': md(),
      'manifest.json': manifest({
        tools: [
          tool('gmail.list'),
          tool('gmail..send'),
          tool('gmail.drafts.list'),
          tool('mail.read'),
          tool('gmail.Get'),
        ],
      }),
    });
    const f = await readSkillFolder(dir);
    expect(f.manifest).toBeUndefined(); // the schema's name pattern fails too
    expect(f.problems.map((p) => [p.code, p.field, p.line])).toEqual([
      ['TOOL_NAME_INVALID', 'tools[1].name', 13],
      ['TOOL_NAME_INVALID', 'tools[2].name', 20],
      ['TOOL_NAME_PREFIX', 'tools[3].name', 27],
      ['TOOL_NAME_INVALID', 'tools[4].name', 34],
    ]);
    expect(f.problems[0]!.message).toBe(
      'manifest.json: tools[1].name "gmail..send" is not `<skill>.<tool>` with one dot and a tool part of lowercase letters, digits and "_"; use e.g. "gmail.send"',
    );
    expect(f.problems[2]!.message).toContain('must start with "gmail."');
    expect(f.problems[2]!.message).toContain('"gmail.read"');
  });

  it('refuses an entry outside the package, from the manifest or package.json', async () => {
    const viaManifest = await skill({
      'SKILL.md': md(),
      'manifest.json': manifest({ entry: '../other/index.js' }),
    });
    const a = await readSkillFolder(viaManifest);
    expect(a.entry).toBeUndefined();
    expect(a.problems).toEqual([
      expect.objectContaining({
        code: 'ENTRY_OUTSIDE_PACKAGE',
        file: join(viaManifest, 'manifest.json'),
        field: 'entry',
        line: 13,
      }),
    ]);
    const viaExports = await skill({
      'SKILL.md': md(),
      'manifest.json': manifest(),
      'package.json': pkg({ exports: '/etc/evil.js' }),
    });
    const b = await readSkillFolder(viaExports);
    expect(b.entry).toBeUndefined();
    expect(b.problems).toEqual([
      expect.objectContaining({
        code: 'ENTRY_OUTSIDE_PACKAGE',
        file: join(viaExports, 'package.json'),
        field: 'exports',
      }),
    ]);
  });

  it.each([
    [
      'manifest entry',
      { entry: './lib/main.js' },
      pkg({ exports: './dist/index.js' }),
      'lib/main.js',
    ],
    ['exports string', {}, pkg({ exports: './dist/a.js' }), 'dist/a.js'],
    [
      'exports "." conditions',
      {},
      pkg({
        exports: {
          '.': { types: './x.d.ts', import: './esm/index.js', require: './cjs/index.cjs' },
          './package.json': './package.json',
        },
      }),
      'esm/index.js',
    ],
    ['bare condition map', {}, pkg({ exports: { default: { import: './d.js' } } }), 'd.js'],
    ['main', {}, pkg({ main: 'main.js' }), 'main.js'],
    ['default', {}, pkg(), 'dist/index.js'],
  ])('chooses the entry from the %s', async (_label, extra, packageJson, expected) => {
    const dir = await skill({
      'SKILL.md': md(),
      'manifest.json': manifest(extra),
      'package.json': packageJson,
    });
    const f = await readSkillFolder(dir);
    expect(f.problems).toEqual([]);
    expect(f.entry).toBe(join(dir, expected));
  });

  it('reports version, duplicate tool, unknown auth provider and bad host range', async () => {
    const dir = await skill({
      'SKILL.md': md(),
      'package.json': pkg({ version: '1.2.0' }),
      'manifest.json': manifest({
        version: '1.1.0',
        host: 'version one',
        auth: { google: { type: 'oauth2', provider: 'google' } },
        tools: [
          tool('gmail.list', { auth: { provider: 'google' } }),
          tool('gmail.list'),
          tool('gmail.send', { auth: { provider: 'gmail' } }),
        ],
      }),
    });
    const f = await readSkillFolder(dir);
    expect(f.problems.map((p) => [p.code, p.field])).toEqual([
      ['VERSION_MISMATCH', 'version'],
      ['HOST_RANGE_INVALID', 'host'],
      ['TOOL_DUPLICATE', 'tools[1].name'],
      ['AUTH_PROVIDER_UNKNOWN', 'tools[2].auth.provider'],
    ]);
    expect(f.problems[3]!.message).toContain('(it has "google")');
    expect(
      f.problems.every((p) => p.line !== undefined && p.file === join(dir, 'manifest.json')),
    ).toBe(true);
    // Cross-file problems do not hide a manifest that passes the schema.
    expect(f.manifest?.name).toBe('gmail');
  });

  it('reports JSON syntax errors with their line', async () => {
    const dir = await skill({
      'SKILL.md': md(),
      'manifest.json': '{\n  "manifestVersion": 1,\n  "name": "gmail"\n  "tools": []\n}\n',
    });
    const f = await readSkillFolder(dir);
    expect(f.kind).toBe('code');
    expect(f.problems).toEqual([
      expect.objectContaining({
        code: 'MANIFEST_JSON_SYNTAX',
        line: 4,
        file: join(dir, 'manifest.json'),
      }),
    ]);
    expect(f.problems[0]!.message).toContain('comma expected');
  });

  it('reports each schema error with its JSON path and line', async () => {
    const dir = await skill({
      'SKILL.md': md(),
      'manifest.json': {
        name: 'gmail',
        colour: 'red',
        auth: { google: { type: 'oauth2' }, key: { type: 'password' } },
        tools: [{ name: 'gmail.list', description: 'd' }],
      },
    });
    const f = await readSkillFolder(dir);
    expect(f.manifest).toBeUndefined();
    expect(f.problems.map((p) => [p.code, p.field, p.line])).toEqual([
      ['MANIFEST_SCHEMA', 'manifestVersion', 1],
      ['MANIFEST_SCHEMA', 'colour', 3],
      // A missing key points at the object that should hold it.
      ['MANIFEST_SCHEMA', 'auth.google.provider', 5],
      ['MANIFEST_SCHEMA', 'auth.key', 8],
      ['MANIFEST_SCHEMA', 'tools[0].inputSchema', 13],
    ]);
    const messages = f.problems.map((p) => p.message);
    expect(messages[0]).toBe(
      'manifest.json: the top level is missing the required key "manifestVersion"; add "manifestVersion": 1',
    );
    expect(messages[1]).toContain('colour is not a known key');
    // The oauth2 entry is reported against the oauth2 shape only, not both oneOf branches.
    expect(messages[2]).toBe(
      'manifest.json: auth.google is missing the required key "provider"; add it',
    );
    expect(messages[3]).toContain(
      'must be an object with "type": "oauth2" or an object with "type": "apiKey"',
    );
  });

  it('reports an invalid package.json and still reads the rest', async () => {
    const dir = await skill({ 'SKILL.md': md(), 'package.json': '{ "name": "x", }' });
    const f = await readSkillFolder(dir);
    expect(f.packageJson).toBeUndefined();
    expect(f.doc?.name).toBe('gmail');
    expect(f.problems).toEqual([
      expect.objectContaining({
        code: 'PACKAGE_JSON_INVALID',
        line: 1,
        file: join(dir, 'package.json'),
      }),
    ]);
  });

  it('requires SKILL.md next to a manifest', async () => {
    const dir = await skill({ 'manifest.json': manifest() });
    const f = await readSkillFolder(dir);
    expect(f.kind).toBe('code');
    expect(f.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_MISSING',
        severity: 'error',
        file: join(dir, 'SKILL.md'),
      }),
    ]);
    expect(f.problems[0]!.message).toContain('code skills still need a SKILL.md');
  });

  it('reports a folder that does not exist', async () => {
    const f = await readSkillFolder('/nonexistent/skills/gmail');
    expect(f.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_DIR_MISSING', file: '/nonexistent/skills/gmail' }),
    ]);
  });

  it('applies strict SKILL.md rules in strict and spec mode only', async () => {
    const dir = await skill({
      'SKILL.md': '---\nname: gmail\ndescription: d\nhomepage: https://x\nhome: x\n---\n',
    });
    expect((await readSkillFolder(dir)).problems).toEqual([]);
    expect(codes((await readSkillFolder(dir, { mode: 'strict' })).problems)).toEqual([
      'SKILL_MD_AGENT_KEY',
      'SKILL_MD_UNKNOWN_KEY',
    ]);
    expect(codes((await readSkillFolder(dir, { mode: 'spec' })).problems)).toEqual([
      'SKILL_MD_UNKNOWN_KEY',
      'SKILL_MD_UNKNOWN_KEY',
    ]);
  });
});

describe('tool schemas providers can take', () => {
  it('refuses an inputSchema without "type": "object", naming the tool path and line', async () => {
    const dir = await skill({
      'SKILL.md': md(),
      'manifest.json': manifest({
        tools: [tool('gmail.list', { inputSchema: { properties: {} } })],
      }),
    });
    const { problems, manifest: m } = await readSkillFolder(dir);
    expect(m).toBeUndefined();
    const p = problems.find((x) => x.code === 'MANIFEST_SCHEMA');
    expect(p?.field).toMatch(/^tools\[0\]\.inputSchema/);
    expect(p?.line).toBeGreaterThan(1);
  });
});
