// Heavy dependencies load on first use, not at import: a CLI command or an agent start that
// never validates a config or never logs should not pay for ajv (~20 ms) or pino (~15 ms).
// They are CommonJS packages, so a synchronous require keeps the call sites synchronous.
import { createRequire } from 'node:module';
import { once } from '@openclaw/skill-sdk/internal';
import type * as AjvModule from 'ajv';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import type MiniSearchClass from 'minisearch';
import type * as PinoModule from 'pino';
import type PicomatchFn from 'picomatch';

const require = createRequire(import.meta.url);

export const loadAjv = once(() => require('ajv') as typeof AjvModule);
export const loadAjv2020 = once(() => require('ajv/dist/2020.js') as typeof Ajv2020Module);
/** ajv-formats' function (its CommonJS export carries it as `default`). */
export const loadAddFormats = once(
  () => (require('ajv-formats') as { default: FormatsPlugin }).default,
);
export const loadPino = once(() => require('pino') as typeof PinoModule);
/** Globs (policy, MCP include/exclude): only a host with such a setting compiles one. */
export const loadPicomatch = once(() => require('picomatch') as typeof PicomatchFn);
/** The BM25 index behind `skills_search` and query ranking, built on the first search. */
export const loadMiniSearch = once(() => require('minisearch') as typeof MiniSearchClass);

/**
 * A logger that creates the real one on first use. Methods are bound to it, since pino's
 * methods read their state from `this`.
 */
export function lazyLogger<T extends object>(create: () => T): T {
  let real: T | undefined;
  return new Proxy({} as T, {
    get(_, key) {
      real ??= create();
      const v = Reflect.get(real, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(real) : v;
    },
  });
}
