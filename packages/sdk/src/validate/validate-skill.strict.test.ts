import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillFolders } from './skill-folders.fixtures.js';
import { configDefaults, firstDifference } from './implemented-tools.js';
import { validateSkill } from './validate-skill.js';

const skill = skillFolders('oc-validate-');

const listSchema = { type: 'object', properties: { query: { type: 'string' } } };
const md = '---\nname: gmail\ndescription: Read and send Gmail.\n---\n';
const pkg = {
  name: '@me/skill-gmail',
  version: '1.0.0',
  type: 'module',
  keywords: ['openclaw-skill'],
  exports: './dist/index.js',
};
const manifest = (extra: object = {}) => ({
  manifestVersion: 1,
  name: 'gmail',
  config: { type: 'object', properties: { units: { type: 'string', default: 'metric' } } },
  tools: [
    { name: 'gmail.list', description: 'List mail.', inputSchema: listSchema },
    { name: 'gmail.send', description: 'Send mail.', inputSchema: { type: 'object' } },
  ],
  ...extra,
});
/** A built entry (plain ESM, as tsc would emit) whose tools are the given names. */
const entry = (names: string[], opts: { schema?: object; body?: string } = {}) => `
const schema = ${JSON.stringify(opts.schema ?? listSchema)};
export default {
  createTools(ctx) {
    ${opts.body ?? ''}
    const tools = {};
    for (const name of ${JSON.stringify(names)}) tools[name] = async () => name;
    if (tools['gmail.list']) tools['gmail.list'].inputSchema = schema;
    return tools;
  },
};
`;
const full = (files: Record<string, string | object> = {}) => ({
  'SKILL.md': md,
  'package.json': pkg,
  'manifest.json': manifest(),
  ...files,
});
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('validateSkill --strict', () => {
  it('passes a code skill whose built tools match the manifest', async () => {
    const r = await validateSkill(
      await skill(full({ 'dist/index.js': entry(['gmail.list', 'gmail.send']) })),
      { strict: true },
    );
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('asks to build first when the entry file does not exist', async () => {
    const dir = await skill(full());
    const r = await validateSkill(dir, { strict: true });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'ENTRY_MISSING', file: join(dir, 'dist/index.js') }),
    ]);
    expect(r.problems[0]!.message).toContain('dist/index.js does not exist; build the skill first');
  });

  it('reports declared tools that are not implemented and implemented tools that are not declared', async () => {
    const dir = await skill(full({ 'dist/index.js': entry(['gmail.list', 'gmail.archive']) }));
    const r = await validateSkill(dir, { strict: true });
    expect(r.problems).toEqual([
      expect.objectContaining({
        code: 'TOOL_NOT_IMPLEMENTED',
        file: join(dir, 'manifest.json'),
        line: 27,
        field: 'tools[1].name',
      }),
      expect.objectContaining({ code: 'TOOL_NOT_DECLARED', file: join(dir, 'dist/index.js') }),
    ]);
    expect(r.problems[0]!.message).toContain('"gmail.send"');
    expect(r.problems[1]!.message).toContain('"gmail.archive"');
  });

  it('compares a defineTool schema with the manifest', async () => {
    const dir = await skill(
      full({
        'dist/index.js': entry(['gmail.list', 'gmail.send'], {
          schema: { type: 'object', properties: { q: { type: 'string' } } },
        }),
      }),
    );
    const r = await validateSkill(dir, { strict: true });
    expect(r.problems).toEqual([
      expect.objectContaining({
        code: 'TOOL_SCHEMA_MISMATCH',
        file: join(dir, 'manifest.json'),
        line: 17,
        field: 'tools[0].inputSchema',
      }),
    ]);
    expect(r.problems[0]!.message).toContain('at properties.query (only in the manifest)');
  });

  it('creates the tools with the config defaults from the manifest', async () => {
    const body = "if (ctx.config.units !== 'metric') throw new Error('units ' + ctx.config.units);";
    const r = await validateSkill(
      await skill(full({ 'dist/index.js': entry(['gmail.list', 'gmail.send'], { body }) })),
      { strict: true },
    );
    expect(r.problems).toEqual([]);
    const noDefault = await skill(
      full({
        'manifest.json': manifest({
          config: { type: 'object', properties: { units: { type: 'string' } } },
        }),
        'dist/index.js': entry(['gmail.list', 'gmail.send'], { body }),
      }),
    );
    const failed = await validateSkill(noDefault, { strict: true });
    expect(codes(failed.problems)).toEqual(['TOOLS_CREATE_FAILED']);
    expect(failed.problems[0]!.message).toContain('units undefined');
  });

  it('reports an entry whose default export is not a skill, or that fails to load', async () => {
    const notSkill = await validateSkill(
      await skill(full({ 'dist/index.js': 'export default { tools: {} };' })),
      { strict: true },
    );
    expect(codes(notSkill.problems)).toEqual(['ENTRY_NOT_A_SKILL']);
    const broken = await validateSkill(
      await skill(full({ 'dist/index.js': 'throw new Error("boom at load");' })),
      { strict: true },
    );
    expect(codes(broken.problems)).toEqual(['ENTRY_IMPORT_FAILED']);
    expect(broken.problems[0]!.message).toContain('boom at load');
  });

  it('wants package.json with "type": "module" and the openclaw-skill keyword for code skills', async () => {
    const dir = await skill(
      full({
        'package.json': { name: 'x', version: '1.0.0', exports: './dist/index.js' },
        'dist/index.js': entry(['gmail.list', 'gmail.send']),
      }),
    );
    const r = await validateSkill(dir, { strict: true });
    expect(r.problems.map((p) => [p.code, p.severity, p.line])).toEqual([
      ['PACKAGE_NOT_ESM', 'error', 1],
      ['PACKAGE_KEYWORD_MISSING', 'error', 1],
    ]);
    const missing = await validateSkill(
      await skill({
        'SKILL.md': md,
        'manifest.json': manifest(),
        'dist/index.js': entry(['gmail.list', 'gmail.send']),
      }),
      { strict: true },
    );
    expect(codes(missing.problems)).toEqual(['PACKAGE_JSON_MISSING']);
  });

  it('only warns about package.json for a docs skill, and asks nothing of one without package.json', async () => {
    const withPkg = await validateSkill(
      await skill({
        'SKILL.md': md,
        'package.json': { name: 'x', type: 'commonjs', keywords: ['openclaw-skill'] },
      }),
      { strict: true },
    );
    expect(withPkg.ok).toBe(true);
    expect(withPkg.problems.map((p) => [p.code, p.severity, p.line])).toEqual([
      ['PACKAGE_NOT_ESM', 'warning', 3],
    ]);
    expect(
      (await validateSkill(await skill({ 'SKILL.md': md }), { strict: true })).problems,
    ).toEqual([]);
  });

  it('never runs skill code without --strict', async () => {
    const r = await validateSkill(
      await skill(full({ 'dist/index.js': 'throw new Error("must not load");' })),
    );
    expect(r).toMatchObject({ ok: true, problems: [] });
  });
});

describe('configDefaults', () => {
  it('takes the top-level defaults of a config schema, as copies', () => {
    const schema = {
      type: 'object',
      properties: {
        units: { type: 'string', default: 'metric' },
        list: { default: ['a'] },
        key: { type: 'string' },
      },
    };
    const out = configDefaults(schema);
    expect(out).toEqual({ units: 'metric', list: ['a'] });
    (out.list as string[]).push('b');
    expect(schema.properties.list.default).toEqual(['a']);
    expect(configDefaults(undefined)).toEqual({});
  });
});

describe('firstDifference', () => {
  it('names the first path where two schemas differ, or nothing when equal', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(firstDifference(schema, structuredClone(schema))).toBeUndefined();
    expect(firstDifference(schema, { ...schema, required: ['b'] })).toBe(
      'required[0] (manifest: "a", code: "b")',
    );
    expect(
      firstDifference(schema, { ...schema, properties: { a: { type: 'string', minLength: 1 } } }),
    ).toBe('properties.a.minLength (only in the code)');
    expect(firstDifference({ type: 'object' }, [])).toBe(
      'the top level (manifest: {"type":"object"}, code: [])',
    );
  });
});
