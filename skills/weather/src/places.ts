// What the user typed ("Portland, Oregon, US") against what the geocoder found: the first
// part is the name sent to the API, every other part must match the country code, the
// country or one of the region levels of a result. Pure functions on plain data.

/** One result of Open-Meteo's geocoding search, the fields this skill reads. */
export interface GeoResult {
  id?: number;
  name: string;
  latitude: number;
  longitude: number;
  country_code?: string;
  country?: string;
  admin1?: string;
  admin2?: string;
  admin3?: string;
  admin4?: string;
  timezone?: string;
  population?: number;
}

export interface PlaceQuery {
  name: string;
  /** Region, state or country parts after the name, in the order given. */
  qualifiers: string[];
}

export function parsePlace(location: string): PlaceQuery {
  const parts = location
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return { name: parts[0] ?? location.trim(), qualifiers: parts.slice(1) };
}

const norm = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function matchesQualifier(r: GeoResult, q: string): boolean {
  const want = norm(q);
  return [r.country_code, r.country, r.admin1, r.admin2, r.admin3, r.admin4].some(
    (v) => v !== undefined && norm(v) === want,
  );
}

/** "Portland, Oregon, United States": the name with its region and country. */
export function placeLabel(r: GeoResult): string {
  const parts = [r.name];
  if (r.admin1 && r.admin1 !== r.name) parts.push(r.admin1);
  if (r.country) parts.push(r.country);
  return parts.join(', ');
}

export interface Resolution {
  chosen?: GeoResult;
  /** Other results that also fit what was asked (the user may have meant one of them). */
  others: GeoResult[];
}

/**
 * Results that fit every qualifier, in the geocoder's order (it ranks by relevance and
 * population); the first is chosen and the rest are reported so the model can say so.
 */
export function resolvePlace(query: PlaceQuery, results: readonly GeoResult[]): Resolution {
  const fit = results.filter((r) => query.qualifiers.every((q) => matchesQualifier(r, q)));
  const [chosen, ...others] = fit;
  return chosen ? { chosen, others } : { others: [] };
}
