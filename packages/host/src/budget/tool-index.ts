// The BM25 index over a snapshot's tools (built once per snapshot, on the first ranked list
// or tools_search call): the tool's name, its description, its parameter names (names split
// into words: `gmail.send` -> gmail send, `maxResults` -> max results) and its skill's
// description.
import type { CatalogSnapshot, ToolRecord } from '../catalog/types.js';
import { bm25Index, type IndexHit } from '../prompt/search-index.js';

export type ToolSearch = (query: string) => IndexHit[];

/** Words of an identifier: separators and camelCase humps become spaces. */
export function identifierWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function parameterNames(tool: ToolRecord): string {
  const props = tool.inputSchema.properties;
  if (typeof props !== 'object' || props === null) return '';
  return Object.keys(props).map(identifierWords).join(' ');
}

export function toolIndex(snapshot: CatalogSnapshot): ToolSearch {
  return snapshot.memo('search:tools', () =>
    bm25Index(
      [...snapshot.tools.values()].map((t) => ({
        id: t.name,
        name: identifierWords(t.name),
        description: [t.title ?? '', t.description].join(' '),
        parameters: parameterNames(t),
        // What the skill says of itself ("use when the user asks about rain") covers
        // requests that no single tool's description words.
        skill: snapshot.byName.get(t.skill)?.description ?? '',
      })),
      ['name', 'description', 'parameters', 'skill'],
    ),
  );
}
