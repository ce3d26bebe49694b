import { describe, expect, it } from 'vitest';
import { createTester } from '@openclaw/skill-sdk/testing';
import skill from '../src/index.js';

// The tester runs tools as the host does (input checked against manifest.json), with config,
// storage and secrets held in memory.
const manifest = new URL('../manifest.json', import.meta.url);

describe('{{name}}.greet', () => {
  it('greets the person named in the input with the configured greeting', async () => {
    const tester = await createTester(skill, { manifest, config: { greeting: 'Hi' } });
    expect(await tester.run('{{name}}.greet', { name: 'Ada' })).toEqual({
      message: 'Hi, Ada!',
      count: 1,
    });
  });

  it('counts the greetings it has given in its storage', async () => {
    const tester = await createTester(skill, { manifest });
    await tester.run('{{name}}.greet', { name: 'Ada' });
    expect(await tester.run('{{name}}.greet', { name: 'Bo' })).toEqual({
      message: 'Hello, Bo!',
      count: 2,
    });
    expect(await tester.storage.get('greetings')).toBe(2);
  });

  it('refuses an empty name before the tool runs, as the host does', async () => {
    const tester = await createTester(skill, { manifest });
    await expect(tester.run('{{name}}.greet', { name: '' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await tester.storage.get('greetings')).toBeUndefined();
  });
});
