import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { PREAMBLE } from './blocks.js';
import { findSkillsBlock, injectSkills } from './inject.js';
import { renderPrompt } from './render.js';

const count = (s: string, part: string) => s.split(part).length - 1;

describe('injectSkills', () => {
  const one = renderPrompt(snapshotOf([skillRecord({ name: 'alpha' })]), { userHome: '/h' }).text;
  const two = renderPrompt(
    snapshotOf([skillRecord({ name: 'alpha' }), skillRecord({ name: 'beta' })]),
    {
      userHome: '/h',
    },
  ).text;

  it('appends the block after a blank line', () => {
    expect(injectSkills('You are helpful.', one)).toBe(`You are helpful.\n\n${one}`);
    expect(injectSkills('You are helpful.\n', one)).toBe(`You are helpful.\n\n${one}`);
    expect(injectSkills('', one)).toBe(one);
  });

  it('injecting twice leaves one block, and the newer one replaces the older', () => {
    const once = injectSkills('You are helpful.', one);
    expect(injectSkills(once, one)).toBe(once);
    const replaced = injectSkills(once, two);
    expect(replaced).toBe(`You are helpful.\n\n${two}`);
    expect(count(replaced, '<available_skills>')).toBe(1);
    expect(count(replaced, PREAMBLE.split('\n')[0]!)).toBe(1);
  });

  it('keeps text after the block when replacing it', () => {
    const prompt = `Before.\n\n${one}\n\nAfter.`;
    expect(injectSkills(prompt, two)).toBe(`Before.\n\n${two}\n\nAfter.`);
  });

  it('replaces an agentskills block (no preamble) and switches formats without leftovers', () => {
    const snap = snapshotOf([skillRecord({ name: 'alpha' })]);
    const agent = renderPrompt(snap, { format: 'agentskills' }).text;
    const withAgent = injectSkills('Sys.', agent);
    expect(injectSkills(withAgent, agent)).toBe(withAgent);
    const switched = injectSkills(withAgent, one);
    expect(switched).toBe(`Sys.\n\n${one}`);
    expect(injectSkills(switched, agent)).toBe(`Sys.\n\n${agent}`);
  });

  it('an empty prompt text removes the block and its separator', () => {
    const prompt = `Before.\n\n${one}\n\nAfter.`;
    expect(injectSkills(prompt, '')).toBe('Before.\n\nAfter.');
    expect(injectSkills(`Before.\n\n${one}`, '')).toBe('Before.');
    expect(injectSkills('Nothing here.', '')).toBe('Nothing here.');
  });

  it('finds no block when the closing tag is missing', () => {
    expect(findSkillsBlock('talk about <available_skills> only')).toBeUndefined();
  });
});
