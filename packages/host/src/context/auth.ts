// The auth part of SkillContext. A token is requested for the scopes
// of the tool being called only: the runner enters a call scope around each tool
// invocation (runners/call-scope.ts), and this side reads it, so a tool cannot borrow a
// sibling's wider scope. Worker and sandbox runners re-enter the same scope on the host side
// when a context call arrives over their RPC, so nothing here is runner-specific.
//
// Outside a tool call (createTools, a timer the skill started) only the scopes the manifest
// declares at skill level (`auth.<key>.scopes`) are available; asking for a tool's scope
// there is POLICY_DENIED naming the rule.
import { SkillError, type SkillAuth, type SkillSecrets } from '@openclaw/skill-sdk';
import type { AuthManager } from '../auth/manager.js';
import type { SkillRecord } from '../catalog/types.js';
import { currentCallScope } from '../runners/call-scope.js';

export interface SkillAuthOptions {
  /** The host config file, named in hints about where to put a key. */
  configFile: string;
  /** The fetch used by auth.fetch (the global one by default). */
  fetch?: typeof fetch;
  /** Grants and tokens; without one every oauth2 provider answers AUTH_REQUIRED. */
  manager?: AuthManager;
}

type Record_ = Pick<SkillRecord, 'name' | 'manifest' | 'tools'>;

/** The scopes the current code may ask for, and where that rule comes from. */
function allowedScopes(record: Record_, key: string): { scopes: string[]; where: string } {
  const scope = currentCallScope();
  if (scope && scope.skill === record.name) {
    const tool = record.tools.find((t) => t.name === scope.tool);
    const scopes = tool?.auth?.provider === key ? [...tool.auth.scopes] : [];
    return { scopes, where: `tool ${scope.tool}` };
  }
  const entry = record.manifest?.auth?.[key];
  return {
    scopes: entry?.type === 'oauth2' ? [...(entry.scopes ?? [])] : [],
    where: `manifest auth.${key}.scopes (outside a tool call)`,
  };
}

export function createSkillAuth(
  record: Record_,
  secrets: SkillSecrets,
  opts: SkillAuthOptions,
): SkillAuth {
  const token = async (
    provider: string,
    req: { scopes?: string[] } = {},
    rejected?: string,
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
      const name = entry.env ?? provider;
      // secrets.get covers config, env and keys stored with `auth set-key`.
      const value = entry.env
        ? await secrets.get(entry.env)
        : await opts.manager?.getKey(record.name, name).catch(() => undefined);
      if (value) return value;
      throw new SkillError(
        'AUTH_REQUIRED',
        `Skill "${record.name}" needs an API key for "${provider}".`,
        {
          hint: `Run: openclaw-skill auth set-key ${record.name} ${name}${entry.env ? ` (or set ${entry.env} in the environment, or skills.${record.name}.secrets.${entry.env} in ${opts.configFile})` : ''}`,
        },
      );
    }
    const allowed = allowedScopes(record, provider);
    const wanted = req.scopes ?? allowed.scopes;
    const undeclared = wanted.filter((s) => !allowed.scopes.includes(s));
    if (undeclared.length > 0) {
      throw new SkillError(
        'POLICY_DENIED',
        `Skill "${record.name}" asked for scope${undeclared.length > 1 ? 's' : ''} ${undeclared.join(', ')} of "${provider}", which ${allowed.where} does not declare in manifest.json.`,
      );
    }
    if (!opts.manager) {
      throw new SkillError(
        'AUTH_REQUIRED',
        `Skill "${record.name}" is not authorized with ${entry.provider} yet.`,
        {
          hint: `Run: openclaw-skill auth login ${record.name}`,
          details: { skill: record.name, provider: entry.provider },
        },
      );
    }
    return opts.manager.token({
      skill: record.name,
      key: provider,
      provider: entry.provider,
      scopes: wanted,
      ...(rejected && { rejected }),
    });
  };
  const doFetch = opts.fetch ?? fetch;
  const send = (url: string | URL, init: RequestInit, bearer: string) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${bearer}`);
    return doFetch(url, { ...init, headers });
  };
  return {
    // `rejected` comes from a worker or sandbox runner's own auth.fetch after a 401 (see
    // runners/runtime/context.ts): the host replaces that token once, as its fetch does.
    getAccessToken: (provider, req) => {
      const rejected = (req as { rejected?: unknown } | undefined)?.rejected;
      return token(provider, req, typeof rejected === 'string' ? rejected : undefined);
    },
    async fetch(provider, url, init = {}) {
      const first = await token(provider);
      const res = await send(url, init, first);
      // One refresh and one retry on 401; a streamed body cannot be sent twice.
      const replayable =
        init.body == null || typeof init.body === 'string' || init.body instanceof URLSearchParams;
      if (res.status !== 401 || !replayable || !opts.manager) return res;
      const entry = record.manifest?.auth?.[provider];
      if (entry?.type !== 'oauth2') return res;
      await res.body?.cancel().catch(() => undefined);
      return send(url, init, await token(provider, {}, first));
    },
  };
}
