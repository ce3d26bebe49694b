// The npm registry search API (`GET /-/v1/search?text=...&size=N`), limited to packages with
// the `openclaw-skill` keyword. The npm registry understands the `keywords:` qualifier in the
// text; registries that do not (verdaccio answers nothing for it) are asked again with the
// plain words. Either way the answer is filtered here by the keyword, so only skills are shown.
import { SkillError } from '@openclaw/skill-sdk';
import { garbage, networkCode, refused, registryHint, unreachable } from './registry.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export const SKILL_KEYWORD = 'openclaw-skill';

export interface SearchHit {
  name: string;
  version: string;
  description: string;
  author?: string;
  keywords: string[];
}

export interface SearchOptions {
  size: number;
  /** Credentials for the registry (RegistryContext's `headers`). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export async function searchRegistry(
  registry: string,
  query: string,
  opts: SearchOptions,
): Promise<SearchHit[]> {
  const words = query.trim();
  const qualified = await searchOnce(registry, `keywords:${SKILL_KEYWORD} ${words}`.trim(), opts);
  const objects = qualified.length > 0 ? qualified : await searchOnce(registry, words, opts);
  return objects.filter((h) => h.keywords.includes(SKILL_KEYWORD)).slice(0, opts.size);
}

async function searchOnce(
  registry: string,
  text: string,
  opts: SearchOptions,
): Promise<SearchHit[]> {
  const url = new URL('-/v1/search', registry);
  url.searchParams.set('text', text);
  // Asked for more than shown: a registry without the qualifier returns other packages too.
  url.searchParams.set('size', String(Math.min(250, opts.size * 3)));
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      headers: { accept: 'application/json', ...opts.headers },
    });
  } catch (e) {
    const code = networkCode(e);
    if (code) throw unreachable(registry, code, e);
    throw new SkillError(
      'REGISTRY_ERROR',
      `The registry ${registry} could not be asked: ${messageOf(e)}.`,
      {
        cause: e,
        hint: registryHint,
      },
    );
  }
  const body = await res.text();
  const credentialsSent = opts.headers?.authorization !== undefined;
  const refusal = await refused(registry, 'the search', { status: res.status, credentialsSent });
  if (refusal) throw refusal;
  if (!res.ok) {
    throw new SkillError(
      'REGISTRY_ERROR',
      `The registry ${registry} answered the search with HTTP ${res.status}.`,
      {
        hint: registryHint,
      },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    throw garbage(registry, 'the search with something that is not JSON', e);
  }
  return parseSearchAnswer(json, registry);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The answer's packages, or one line saying what is wrong with its shape. */
export function parseSearchAnswer(json: unknown, registry: string): SearchHit[] {
  const objects = (json as { objects?: unknown } | null)?.objects;
  if (!Array.isArray(objects)) {
    throw garbage(registry, 'the search with JSON that has no `objects` list');
  }
  return objects.map((o, i) => {
    const p = (o as { package?: Record<string, unknown> } | null)?.package;
    const name = str(p?.name);
    // npm's answer has `version`; verdaccio's has `dist-tags.latest` instead.
    const version =
      str(p?.version) ?? str((p?.['dist-tags'] as Record<string, unknown> | undefined)?.latest);
    if (!p || !name || !version) {
      throw garbage(
        registry,
        `the search with an entry (objects[${i}]) that has no package name and version`,
      );
    }
    const author =
      str((p.author as { name?: unknown } | undefined)?.name) ??
      str(p.author) ??
      str((p.publisher as { username?: unknown } | undefined)?.username);
    const keywords = Array.isArray(p.keywords)
      ? p.keywords.filter((k) => typeof k === 'string')
      : [];
    return {
      name,
      version,
      description: str(p.description) ?? '',
      ...(author && { author }),
      keywords,
    };
  });
}
