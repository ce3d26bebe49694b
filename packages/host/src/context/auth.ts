// The auth part of SkillContext. OAuth grants arrive with the auth issue; until then this
// answers honestly: a declared oauth2 provider is AUTH_REQUIRED with the command to run,
// an apiKey provider hands out its key when one is set, and a provider or scope the
// manifest does not declare is refused.
import { SkillError, type SkillAuth, type SkillSecrets } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';

export interface SkillAuthOptions {
  /** The host config file, named in hints about where to put a key. */
  configFile: string;
  /** The fetch used by auth.fetch (the global one by default). */
  fetch?: typeof fetch;
}

function declaredScopes(record: Pick<SkillRecord, 'manifest' | 'tools'>, key: string): Set<string> {
  const entry = record.manifest?.auth?.[key];
  const scopes = new Set<string>(entry && entry.type === 'oauth2' ? (entry.scopes ?? []) : []);
  for (const t of record.tools)
    if (t.auth?.provider === key) for (const s of t.auth.scopes) scopes.add(s);
  return scopes;
}

export function createSkillAuth(
  record: Pick<SkillRecord, 'name' | 'manifest' | 'tools'>,
  secrets: SkillSecrets,
  opts: SkillAuthOptions,
): SkillAuth {
  const getAccessToken = async (
    provider: string,
    req: { scopes?: string[] } = {},
  ): Promise<string> => {
    const auth = record.manifest?.auth ?? {};
    const entry = Object.hasOwn(auth, provider) ? auth[provider] : undefined;
    if (!entry) {
      const known = Object.keys(auth);
      throw new SkillError(
        'POLICY_DENIED',
        `Skill "${record.name}" asked for auth provider "${provider}", which its manifest.json does not declare under "auth"${known.length ? ` (declared: ${known.join(', ')})` : ''}.`,
      );
    }
    if (entry.type === 'apiKey') {
      const value = entry.env ? await secrets.get(entry.env) : undefined;
      if (value) return value;
      const where = entry.env
        ? `set ${entry.env} in the environment or skills.${record.name}.secrets.${entry.env} in ${opts.configFile}`
        : `the manifest's apiKey entry "${provider}" names no env variable; ask the skill's author to add one`;
      throw new SkillError(
        'AUTH_REQUIRED',
        `Skill "${record.name}" needs an API key for "${provider}".`,
        { hint: where },
      );
    }
    const allowed = declaredScopes(record, provider);
    const undeclared = (req.scopes ?? []).filter((s) => !allowed.has(s));
    if (undeclared.length > 0) {
      throw new SkillError(
        'POLICY_DENIED',
        `Skill "${record.name}" asked for scope${undeclared.length > 1 ? 's' : ''} ${undeclared.join(', ')} of "${provider}", which its manifest.json does not declare.`,
      );
    }
    throw new SkillError(
      'AUTH_REQUIRED',
      `Skill "${record.name}" is not authorized with ${entry.provider} yet.`,
      {
        hint: `Run: openclaw-skill auth login ${entry.provider}`,
        details: { skill: record.name, provider: entry.provider },
      },
    );
  };
  const doFetch = opts.fetch ?? fetch;
  return {
    getAccessToken,
    async fetch(provider, url, init = {}) {
      const token = await getAccessToken(provider);
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      return doFetch(url, { ...init, headers });
    },
  };
}
