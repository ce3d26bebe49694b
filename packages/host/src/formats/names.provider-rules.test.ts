import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { toolDefinitions } from './definitions.js';
import {
  WIRE_NAME_PATTERN,
  findWireCollisions,
  geminiName,
  nameMapFor,
  wireName,
} from './names.js';
import type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  OpenAIChatTool,
  OpenAIResponsesTool,
} from './types.js';

/** Gemini: starts with a letter or underscore; letters, digits, _ . : - ; at most 64. */
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

// Lenient names as SKILL.md readers accept them: uppercase, unicode, spaces, very long.
const lenientSkill = fc.oneof(
  fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  fc.string({ minLength: 1, maxLength: 120, unit: 'grapheme' }).filter((s) => !s.includes('.')),
  fc.constantFrom('Café-Notes', 'ÜBER skill', '日本語', '1password', 'a'.repeat(200), 'emoji-🙂'),
);
const toolPart = fc.stringMatching(/^[a-z][a-z0-9_]{0,80}$/);

function snapshotWith(canonicals: string[]) {
  const bySkill = new Map<string, string[]>();
  for (const c of canonicals) {
    const skill = c.slice(0, c.indexOf('.'));
    bySkill.set(skill, [...(bySkill.get(skill) ?? []), c]);
  }
  return snapshotOf([...bySkill].map(([name, tools]) => skillRecord({ name, tools })));
}

describe('provider name rules', () => {
  it('every wire name matches ^[a-zA-Z0-9_-]{1,64}$ and maps back to its canonical name', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(lenientSkill, toolPart).map(([s, t]) => `${s}.${t}`),
          { minLength: 1, maxLength: 8 },
        ),
        (canonicals) => {
          const snap = snapshotWith(canonicals);
          const names = nameMapFor(snap);
          for (const c of canonicals) {
            const w = names.toWire(c);
            expect(w).toMatch(WIRE_NAME_PATTERN);
            expect(names.toCanonical(w)).toBe(c);
            expect(names.toCanonical(c)).toBe(c);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('emitted definitions obey each provider rule and map back', () => {
    const canonicals = [
      'weather.forecast',
      'Café-Notes.add',
      '日本語.search',
      '1password.get_item',
      `${'very-long-skill-name-'.repeat(4)}x.${'tool_'.repeat(10)}z`,
    ];
    const snap = snapshotWith(canonicals);
    const names = nameMapFor(snap);
    const emitted = [
      ...toolDefinitions(snap, 'anthropic').map((d: AnthropicTool) => d.name),
      ...toolDefinitions(snap, 'openai').map((d: OpenAIChatTool) => d.function.name),
      ...toolDefinitions(snap, 'openai-responses').map((d: OpenAIResponsesTool) => d.name),
    ];
    expect(emitted).toHaveLength(15);
    for (const n of emitted) {
      expect(n).toMatch(WIRE_NAME_PATTERN);
      expect(canonicals).toContain(names.toCanonical(n));
    }
    const gemini = toolDefinitions(snap, 'gemini').map((d: GeminiFunctionDeclaration) => d.name);
    for (const n of gemini) {
      expect(n).toMatch(GEMINI_NAME);
      expect(canonicals).toContain(names.toCanonical(n));
    }
    expect(gemini).toContain('_1password_get_item');
    expect(
      toolDefinitions(snap, 'mcp')
        .map((d) => d.name)
        .sort(),
    ).toEqual([...canonicals].sort());
  });

  it('keeps plain manifest names readable', () => {
    expect(wireName('gmail.list')).toBe('gmail_list');
    expect(wireName('my-skill.send_now')).toBe('my-skill_send_now');
    expect(geminiName('gmail_list')).toBe('gmail_list');
  });

  it('shortened and sanitised names stay distinct', () => {
    const long = 'a'.repeat(70);
    expect(wireName(`${long}.x`)).not.toBe(wireName(`${long}.y`));
    expect(wireName('café.x')).not.toBe(wireName('cafè.x'));
    expect(geminiName(wireName(`1${long}.x`))).toMatch(GEMINI_NAME);
  });
});

describe('findWireCollisions', () => {
  it('names both skills when two tools map to the same wire name', () => {
    const problems = findWireCollisions(
      [
        { name: 'a_b.c', skill: 'a_b' },
        { name: 'a.b_c', skill: 'a' },
      ],
      '/skills',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'NAME_COLLISION', severity: 'error' });
    expect(problems[0]!.message).toContain('skill "a_b"');
    expect(problems[0]!.message).toContain('skill "a"');
    expect(problems[0]!.message).toContain('"a_b_c"');
  });

  it('finds none for distinct names', () => {
    expect(
      findWireCollisions([
        { name: 'x.a', skill: 'x' },
        { name: 'y.a', skill: 'y' },
      ]),
    ).toEqual([]);
  });

  it('emits only the first of two colliding tools so the provider request stays valid', () => {
    const snap = snapshotOf([
      skillRecord({ name: 'a_b', tools: ['a_b.c'] }),
      skillRecord({ name: 'a', tools: ['a.b_c'] }),
    ]);
    expect(toolDefinitions(snap, 'anthropic').map((d) => d.name)).toEqual(['a_b_c']);
  });
});
