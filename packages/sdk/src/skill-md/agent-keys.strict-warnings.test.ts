// Keys that Claude Code or OpenClaw read are warnings naming the agent in strict mode, errors
// in spec mode; keys no agent reads stay errors in both.
import { describe, expect, it } from 'vitest';
import { agentsReading, AGENT_KEYS } from './agent-keys.js';
import { parseSkillMd } from './parse.js';

const read = (text: string, mode: 'strict' | 'spec') =>
  parseSkillMd(text, { file: '/skills/demo/SKILL.md', mode });
const verdicts = (r: { problems: { code: string; severity: string; field?: string }[] }) =>
  r.problems.map((p) => `${p.severity} ${p.code} ${p.field ?? ''}`.trim());

// Shaped like real Claude Code skills published on npm: slash-command hints, invocation
// switches, path globs and a tool list.
const CLAUDE_CODE = [
  '---',
  'name: demo',
  'description: Reviews a pull request.',
  'argument-hint: "[pr-number]"',
  'disable-model-invocation: true',
  'user-invocable: true',
  'model: sonnet',
  'paths: ["src/**/*.ts"]',
  'allowed-tools: Read Grep Bash(git diff:*)',
  '---',
  '# Review',
  '',
].join('\n');

// Shaped like OpenClaw's bundled skills: homepage, a command key and metadata.openclaw.
const OPENCLAW = [
  '---',
  'name: demo',
  'description: Sends messages.',
  'homepage: https://example.test/demo',
  'command-dispatch: tool',
  'metadata: { "openclaw": { "emoji": "x", "requires": { "bins": ["demo"] } } }',
  '---',
  '',
].join('\n');

describe('agent keys in strict and spec mode', () => {
  it('strict: each Claude Code key is one warning naming Claude Code, with its line; no error', () => {
    const r = read(CLAUDE_CODE, 'strict');
    expect(verdicts(r)).toEqual([
      'warning SKILL_MD_AGENT_KEY argument-hint',
      'warning SKILL_MD_AGENT_KEY disable-model-invocation',
      'warning SKILL_MD_AGENT_KEY user-invocable',
      'warning SKILL_MD_AGENT_KEY model',
      'warning SKILL_MD_AGENT_KEY paths',
    ]);
    expect(r.problems[0]).toMatchObject({ line: 4 });
    expect(r.problems[0]!.message).toContain('read by Claude Code');
    expect(r.problems[1]!.message).toContain('read by Claude Code and OpenClaw');
    expect(r.doc?.name).toBe('demo');
  });

  it('spec: the same keys are each an unknown-key error', () => {
    expect(verdicts(read(CLAUDE_CODE, 'spec'))).toEqual([
      'error SKILL_MD_UNKNOWN_KEY argument-hint',
      'error SKILL_MD_UNKNOWN_KEY disable-model-invocation',
      'error SKILL_MD_UNKNOWN_KEY user-invocable',
      'error SKILL_MD_UNKNOWN_KEY model',
      'error SKILL_MD_UNKNOWN_KEY paths',
    ]);
  });

  it('strict: homepage, command-* and a metadata.openclaw map are warnings naming OpenClaw', () => {
    const r = read(OPENCLAW, 'strict');
    expect(verdicts(r)).toEqual([
      'warning SKILL_MD_AGENT_KEY homepage',
      'warning SKILL_MD_AGENT_KEY command-dispatch',
      'warning SKILL_MD_AGENT_KEY metadata',
    ]);
    expect(r.problems.every((p) => p.message.includes('OpenClaw'))).toBe(true);
  });

  it('spec: homepage and command-* are unknown keys and the openclaw map is a metadata error', () => {
    expect(verdicts(read(OPENCLAW, 'spec'))).toEqual([
      'error SKILL_MD_UNKNOWN_KEY homepage',
      'error SKILL_MD_UNKNOWN_KEY command-dispatch',
      'error SKILL_MD_METADATA_INVALID metadata',
    ]);
  });

  it('strict: metadata.openclaw written as JSON in a string is a warning, not an error', () => {
    const text = `---\nname: demo\ndescription: d\nmetadata: '{"openclaw": {"emoji": "x"}}'\n---\n`;
    expect(verdicts(read(text, 'strict'))).toEqual(['warning SKILL_MD_AGENT_KEY metadata']);
    expect(verdicts(read(text, 'spec'))).toEqual(['error SKILL_MD_METADATA_INVALID metadata']);
  });

  it('strict: a non-string metadata value beside the openclaw map is still an error', () => {
    const text =
      '---\nname: demo\ndescription: d\nmetadata:\n  openclaw: { emoji: x }\n  n: 1\n---\n';
    expect(verdicts(read(text, 'strict'))).toEqual([
      'warning SKILL_MD_AGENT_KEY metadata',
      'error SKILL_MD_METADATA_INVALID metadata',
    ]);
  });

  it('strict: a key no agent reads stays an error', () => {
    const r = read('---\nname: demo\ndescription: d\nversion: 1.0.0\ncommand-: x\n---\n', 'strict');
    expect(verdicts(r)).toEqual([
      'error SKILL_MD_UNKNOWN_KEY version',
      'error SKILL_MD_UNKNOWN_KEY command-',
    ]);
  });

  it('strict: an allowed-tools list is a warning (Claude Code reads it) and is still read as the tool list', () => {
    const list = read(
      '---\nname: demo\ndescription: d\nallowed-tools: [Read, Grep]\n---\n',
      'strict',
    );
    expect(verdicts(list)).toEqual(['warning SKILL_MD_AGENT_KEY allowed-tools']);
    expect(list.doc?.allowedTools).toEqual(['Read', 'Grep']);
  });

  it('the table lists the keys Claude Code documents beyond the specification', () => {
    for (const key of [
      'argument-hint',
      'disable-model-invocation',
      'user-invocable',
      'model',
      'paths',
    ]) {
      expect(AGENT_KEYS[key], key).toContain('Claude Code');
    }
    expect(agentsReading('command-tool')).toEqual(['OpenClaw']);
    expect(agentsReading('toString')).toBeUndefined();
  });
});
