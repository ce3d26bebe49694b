// The client configs the README shows are the ones `serve` prints: the same keys and the same
// command line (flags and their order), only with placeholders where serve puts this machine's
// paths, port and token.
import { describe, expect, it } from 'vitest';
import { clientConfigs } from '../packages/cli/src/commands/serve.js';
import { codeBlocks } from './support/doc-pages.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The shape of a config: keys kept, strings reduced to what a placeholder cannot change. */
function shape(v: Json): Json {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  if (typeof v !== 'string') return v;
  // Flags and fixed words stay; paths, URLs and tokens become their kind.
  if (/^--?[a-z]/.test(v) || /^[a-z]+$/.test(v)) return v;
  if (v.startsWith('Bearer ')) return 'Bearer <token>';
  if (/^https?:/.test(v)) return '<url>';
  return '<path>';
}

const readmeConfigs = codeBlocks('README.md')
  .filter((b) => b.lang === 'json' && b.code.includes('"openclaw-skills"'))
  .map((b) => JSON.parse(b.code) as Json);

describe('the README client configs', () => {
  it('has one for Streamable HTTP and one for stdio', () => {
    expect(readmeConfigs).toHaveLength(2);
  });

  it('are shaped exactly as the ones serve prints (keys, flags and their order)', () => {
    const printed = clientConfigs(
      { url: 'http://127.0.0.1:7411', mcp: 'http', token: 't0k', pid: 1, port: 7411 } as never,
      { node: '/usr/bin/node', bin: '/r/cli.cjs', home: '/h', workspace: '/w' },
    );
    const shown = readmeConfigs.map(shape);
    expect(shown).toContainEqual(shape(printed.http as unknown as Json));
    expect(shown).toContainEqual(shape(printed.stdio as unknown as Json));
  });
});
