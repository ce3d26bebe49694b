// The preamble names the tool the model reads SKILL.md with: the agent's own `read` tool, or
// the host's skills read tool under the name the caller's tool format gives it.
import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { PREAMBLE } from './blocks.js';
import { hostReadToolName } from './read-tool.js';
import { renderPrompt } from './render.js';

const snap = () => snapshotOf([skillRecord({ name: 'notes', description: 'Take notes.' })]);

describe('prompt preamble read tool', () => {
  it('without readTool the preamble keeps the read-tool wording', () => {
    const r = renderPrompt(snap(), { userHome: '/h' });
    expect(r.text.startsWith(`${PREAMBLE}\n\n`)).toBe(true);
    expect(r.text).toContain('with the read tool, then follow it.');
  });

  it('readTool skills_read names that tool instead, and the budget counts the longer preamble', () => {
    const r = renderPrompt(snap(), { userHome: '/h', readTool: 'skills_read' });
    expect(r.text).toContain('with the `skills_read` tool, then follow it.');
    expect(r.text).not.toContain('the read tool');
    expect(r.chars).toBe(r.text.length);
    expect(renderPrompt(snap(), { userHome: '/h', readTool: 'read' }).text).toContain(
      'with the read tool',
    );
  });

  it.each([
    ['anthropic', 'skills_read'],
    ['openai', 'skills_read'],
    ['openai-responses', 'skills_read'],
    ['gemini', 'skills_read'],
    ['mcp', 'skills.read'],
  ] as const)('the host read tool in the %s format is %s', (format, name) => {
    expect(hostReadToolName(format)).toBe(name);
  });
});
