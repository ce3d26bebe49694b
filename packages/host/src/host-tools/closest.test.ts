import { describe, expect, it } from 'vitest';
import { closestNames } from './closest.js';

describe('closestNames', () => {
  const names = ['weather', 'weather-radar', 'gmail', 'google-calendar', 'notes'];
  it('finds typos, substrings and parts, closest first', () => {
    expect(closestNames('wether', names)).toEqual(['weather', 'weather-radar']);
    expect(closestNames('calendar', names)).toEqual(['google-calendar']);
    expect(closestNames('GMAIL', names)).toEqual(['gmail']);
  });
  it('offers nothing for an unrelated name', () => {
    expect(closestNames('kubernetes', names)).toEqual([]);
  });
});
