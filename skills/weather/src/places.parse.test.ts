import { describe, expect, it } from 'vitest';
import { parsePlace, resolvePlace, type GeoResult } from './places.js';

const portland = (admin1: string, country_code: string, country: string): GeoResult => ({
  name: 'Portland',
  latitude: 0,
  longitude: 0,
  admin1,
  country_code,
  country,
});

describe('place parsing', () => {
  it('keeps every comma-separated part: "Portland, Oregon, US" is a name and two qualifiers', () => {
    expect(parsePlace(' Portland , Oregon,  US ')).toEqual({
      name: 'Portland',
      qualifiers: ['Oregon', 'US'],
    });
  });

  it('ignores empty parts from doubled or trailing commas', () => {
    expect(parsePlace('Lisbon,, ,')).toEqual({ name: 'Lisbon', qualifiers: [] });
  });

  it('chooses the result matching every qualifier (region and country code), ignoring case and accents', () => {
    const results = [
      portland('Maine', 'US', 'United States'),
      portland('Oregon', 'US', 'United States'),
      portland('Victoria', 'AU', 'Australia'),
    ];
    expect(resolvePlace(parsePlace('Portland, oregon, us'), results).chosen?.admin1).toBe('Oregon');
    expect(
      resolvePlace(parsePlace('Paris, ile-de-france'), [
        { name: 'Paris', latitude: 0, longitude: 0, admin1: 'Île-de-France' },
      ]).chosen?.admin1,
    ).toBe('Île-de-France');
  });

  it('keeps the geocoder order and reports the other results that fit', () => {
    const results = [
      portland('Oregon', 'US', 'United States'),
      portland('Maine', 'US', 'United States'),
    ];
    const r = resolvePlace(parsePlace('Portland, US'), results);
    expect([r.chosen?.admin1, r.others.map((o) => o.admin1)]).toEqual(['Oregon', ['Maine']]);
  });

  it('finds nothing when a qualifier matches no result', () => {
    expect(
      resolvePlace(parsePlace('Portland, Oregon, AU'), [portland('Oregon', 'US', 'United States')]),
    ).toEqual({
      others: [],
    });
  });
});
