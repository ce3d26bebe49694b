// The range a registry install keeps: what the user asked for, recorded the way npm saves a
// dependency. `weather@^1` keeps `^1`; `weather` (no range) keeps `latest`; an exact version
// `weather@1.2.0` keeps `^1.2.0` (npm's save-prefix: an exact version is where the user
// started, not a pin), and a dist-tag keeps the tag. `update` resolves the kept range again, so
// it never crosses into a version the user did not ask for; `update --latest` resolves the
// `latest` tag and keeps `^<new version>` (or the tag), as `npm install name@latest` saves it.
import { createRequire } from 'node:module';
import type npaModule from 'npm-package-arg';
import major from 'semver/functions/major.js';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import type { InstallWarning, LockEntry } from './types.js';

let npa: typeof npaModule | undefined;
const loadNpa = () =>
  (npa ??= createRequire(import.meta.url)('npm-package-arg') as typeof npaModule);

/** The range to keep for a registry spec as the user typed it (`name`, `name@^1`, `name@next`). */
export function rangeOfSpec(spec: string): string {
  let parsed: ReturnType<typeof npaModule>;
  try {
    parsed = loadNpa()(spec);
  } catch {
    return 'latest';
  }
  const raw = (parsed.rawSpec ?? '').trim();
  if (raw === '' || raw === '*') return 'latest';
  if (parsed.type === 'version') return `^${parsed.fetchSpec ?? raw}`;
  return raw;
}

/** The range a lockfile entry keeps; entries written before ranges were kept derive it. */
export const keptRange = (entry: LockEntry): string => entry.range ?? rangeOfSpec(entry.spec);

/** A kept range that is a dist-tag (`latest`, `next`) rather than a semver range. */
export const isTag = (range: string): boolean => validRange(range) === null;

/** What `update` asks the registry for: the kept range, or the `latest` tag with `latest`. */
export function updateSpec(entry: LockEntry, latest: boolean): string {
  return `${entry.package}@${latest ? 'latest' : keptRange(entry)}`;
}

/** The range recorded after an install or update resolved `version`. */
export function rangeAfter(o: {
  spec: string;
  version: string;
  /** The entry's range before an `update --latest`, which leaves it. */
  leaving?: string;
  /** The entry's range kept through a plain `update`. */
  keep?: string;
}): string {
  if (o.keep !== undefined) return o.keep;
  if (o.leaving !== undefined) return isTag(o.leaving) ? o.leaving : `^${o.version}`;
  return rangeOfSpec(o.spec);
}

/**
 * The consent warning of an `update --latest` whose version is outside the kept range: it
 * names the range left and, when the major version changes, both majors (a major version is
 * where a publisher may break what the skill did).
 */
export function leavingRangeWarning(o: {
  name: string;
  range: string;
  from?: string;
  to: string;
}): InstallWarning[] {
  if (isTag(o.range) || satisfies(o.to, o.range)) return [];
  const was = o.from ? ` (was ${o.from})` : '';
  const majors =
    o.from !== undefined && major(o.from) !== major(o.to)
      ? `: a new major version, ${major(o.from)} -> ${major(o.to)}`
      : '';
  return [
    {
      code: 'RANGE_LEFT',
      message: `update --latest leaves the range ${o.range} ${o.name} was installed with for ${o.to}${was}${majors}; the lockfile will keep ^${o.to}.`,
    },
  ];
}
