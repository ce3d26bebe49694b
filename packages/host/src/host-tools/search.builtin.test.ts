import { describe, expect, it } from 'vitest';
import { toolDefinitions } from '../formats/definitions.js';
import { renderPrompt } from '../prompt/render.js';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { activateBuiltin, builtinSkillRecord } from './index.js';

const snap = snapshotOf([
  builtinSkillRecord(),
  skillRecord({ name: 'weather', description: 'Current weather and forecasts for any city.' }),
  skillRecord({ name: 'gmail', description: 'Read, search and send email in Gmail.' }),
  skillRecord({ name: 'notes', description: 'Take notes and file them in folders.' }),
  skillRecord({ name: 'hidden', status: 'ineligible', description: 'Weather too, but not ready.' }),
]);
const active = activateBuiltin(() => snap);
const call = { signal: new AbortController().signal, callId: 'c' };

describe('skills.search', () => {
  it('returns the best matches with name, description, location and score', async () => {
    const hits = (await active.invoke('skills.search', { query: 'weather forecast' }, call)) as {
      name: string;
      score: number;
    }[];
    expect(hits[0]).toEqual({
      name: 'weather',
      description: 'Current weather and forecasts for any city.',
      location: snap.byName.get('weather')!.location,
      score: expect.any(Number),
    });
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(hits.map((h) => h.name)).not.toContain('hidden');
    expect(hits.map((h) => h.name)).not.toContain('skills');
  });

  it('matches prefixes and small typos', async () => {
    const prefix = (await active.invoke('skills.search', { query: 'ema' }, call)) as {
      name: string;
    }[];
    expect(prefix[0]?.name).toBe('gmail');
    const forecast = (await active.invoke('skills.search', { query: 'forec' }, call)) as {
      name: string;
    }[];
    expect(forecast.map((h) => h.name)).toEqual(['weather']);
    const typo = (await active.invoke('skills.search', { query: 'wheather' }, call)) as {
      name: string;
    }[];
    expect(typo[0]?.name).toBe('weather');
  });

  it('honours limit, and an empty query lists skills by name', async () => {
    expect(await active.invoke('skills.search', { query: '', limit: 2 }, call)).toEqual([
      expect.objectContaining({ name: 'gmail', score: 0 }),
      expect.objectContaining({ name: 'notes', score: 0 }),
    ]);
    await expect(
      active.invoke('skills.search', { query: 'x', limit: 51 }, call),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});

describe('builtinSkillRecord', () => {
  it('is a ready code skill from the builtin source, with its three tools (skills.search, skills.read, tools.search)', () => {
    const r = builtinSkillRecord();
    expect(r).toMatchObject({
      name: 'skills',
      kind: 'code',
      status: 'ready',
      source: { kind: 'builtin', dir: '<builtin>', precedence: -1 },
    });
    expect(r.tools.map((t) => t.name)).toEqual(['skills.search', 'skills.read', 'tools.search']);
    expect(r.manifest?.tools?.map((t) => t.name)).toEqual([
      'skills.search',
      'skills.read',
      'tools.search',
    ]);
  });

  it('its tools reach the providers as skills_search and skills_read, and it is not in the prompt block', () => {
    expect(toolDefinitions(snap, 'anthropic').map((d) => d.name)).toEqual([
      'skills_read',
      'skills_search',
    ]);
    expect(renderPrompt(snap).included).toEqual(['gmail', 'notes', 'weather']);
  });

  it('an aborted call does not run', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      active.invoke('skills.search', { query: 'x' }, { signal: ac.signal, callId: 'c' }),
    ).rejects.toThrow();
  });
});
