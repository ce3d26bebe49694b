// The SDK's parsers, loaded on first use: a host whose scan is answered from its cache never
// needs them. They come from src/bundled/*.cjs, which the build turns into one bundled file
// each (build.mjs): in a fresh process Node's loader spends most of their load time resolving
// and reading dozens of small files. This module sits at the top of src/ so the relative
// paths hold wherever the package's code runs from (dist/, or the CLI's bundle, which
// resolves a package's lazy requires from its entry, dist/index.js).
import { createRequire } from 'node:module';
import { once } from './once.js';
import type * as JsYaml from 'js-yaml';
import type JSON5Type from 'json5';
import type * as YAML from 'yaml';

const require = createRequire(import.meta.url);

/** js-yaml 3, the fast path's parser for frontmatter. */
export const loadParsers = once(
  () => require('./bundled/parsers.cjs') as { jsYaml: typeof JsYaml },
);
export const loadYaml = once(() => require('./bundled/yaml.cjs') as typeof YAML);
export const loadJson5 = once(() => require('./bundled/json5.cjs') as typeof JSON5Type);
