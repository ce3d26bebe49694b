// OAuth providers: presets for the big four, and custom ones from the host config
// (`auth.providers`). A preset knows endpoints, short scope names and the extra authorize
// parameters the provider needs; the client id and secret come only from the user's config
// or env (OPENCLAW_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET), never from a skill package.
import { SkillError } from '@openclaw/skill-sdk';
import type { HostConfig } from '../config/schema.js';

export interface ProviderPreset {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl?: string;
  deviceAuthorizationUrl?: string;
  /** Short scope name -> the provider's real scope. Unknown names pass through as written. */
  scopes: Readonly<Record<string, string>>;
  /** Added to the authorize URL (Google needs offline access to issue a refresh token). */
  authorizeParams?: Readonly<Record<string, string>>;
  /** Scopes always asked for (an id token names the account). */
  baseScopes?: readonly string[];
  /** The provider issues a narrower access token when a refresh asks for fewer scopes. */
  narrowOnRefresh: boolean;
  scopeSeparator?: string;
}

const google = (s: string) => `https://www.googleapis.com/auth/${s}`;

export const PRESETS: Readonly<Record<string, ProviderPreset>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    deviceAuthorizationUrl: 'https://oauth2.googleapis.com/device/code',
    scopes: {
      'gmail.readonly': google('gmail.readonly'),
      'gmail.send': google('gmail.send'),
      'gmail.modify': google('gmail.modify'),
      'gmail.compose': google('gmail.compose'),
      'gmail.labels': google('gmail.labels'),
      'calendar.readonly': google('calendar.readonly'),
      calendar: google('calendar'),
      'calendar.events': google('calendar.events'),
      'drive.readonly': google('drive.readonly'),
      'drive.file': google('drive.file'),
      drive: google('drive'),
      'contacts.readonly': google('contacts.readonly'),
      'userinfo.email': google('userinfo.email'),
    },
    authorizeParams: {
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    },
    baseScopes: ['openid', 'email'],
    narrowOnRefresh: true,
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    deviceAuthorizationUrl: 'https://github.com/login/device/code',
    scopes: {
      repo: 'repo',
      'repo.public': 'public_repo',
      'user.email': 'user:email',
      'read.user': 'read:user',
      'read.org': 'read:org',
      gist: 'gist',
      notifications: 'notifications',
      workflow: 'workflow',
    },
    narrowOnRefresh: false,
  },
  microsoft: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    deviceAuthorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/devicecode',
    scopes: {
      'mail.read': 'https://graph.microsoft.com/Mail.Read',
      'mail.send': 'https://graph.microsoft.com/Mail.Send',
      'calendars.read': 'https://graph.microsoft.com/Calendars.Read',
      'calendars.readwrite': 'https://graph.microsoft.com/Calendars.ReadWrite',
      'files.read': 'https://graph.microsoft.com/Files.Read',
      'user.read': 'https://graph.microsoft.com/User.Read',
    },
    baseScopes: ['openid', 'email', 'offline_access'],
    narrowOnRefresh: true,
  },
  slack: {
    authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    tokenUrl: 'https://slack.com/api/oauth.v2.access',
    revokeUrl: 'https://slack.com/api/auth.revoke',
    scopes: {
      'channels.read': 'channels:read',
      'channels.history': 'channels:history',
      'chat.write': 'chat:write',
      'users.read': 'users:read',
      'im.history': 'im:history',
    },
    scopeSeparator: ',',
    narrowOnRefresh: false,
  },
};

export interface ResolvedProvider extends ProviderPreset {
  name: string;
  clientId: string;
  clientSecret?: string;
}

type ProviderConfig = NonNullable<NonNullable<HostConfig['auth']>['providers']>[string];

const envName = (provider: string, what: string) =>
  `OPENCLAW_${provider.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${what}`;

/** The names a user can log in with: presets and custom providers. */
export function knownProviders(config: HostConfig): string[] {
  return [...new Set([...Object.keys(PRESETS), ...Object.keys(config.auth?.providers ?? {})])];
}

/**
 * A provider ready to use: preset merged with the config entry, client credentials from
 * config or env. Throws one clear line naming what to set when something is missing.
 */
export function resolveProvider(
  name: string,
  config: HostConfig,
  env: NodeJS.ProcessEnv,
  configFile: string,
): ResolvedProvider {
  const providers = config.auth?.providers ?? {};
  const entry: ProviderConfig | undefined = Object.hasOwn(providers, name)
    ? providers[name]
    : undefined;
  const presetName = entry?.preset ?? name;
  const preset = Object.hasOwn(PRESETS, presetName) ? PRESETS[presetName] : undefined;
  if (entry?.preset && !preset) {
    throw new SkillError(
      'CONFIG_INVALID',
      `${configFile}: auth.providers.${name}.preset "${entry.preset}" is not a preset (presets: ${Object.keys(PRESETS).join(', ')}).`,
      { file: configFile },
    );
  }
  if (!entry && !preset) {
    throw new SkillError(
      'CONFIG_INVALID',
      `Unknown auth provider "${name}": it is not a preset (${Object.keys(PRESETS).join(', ')}) and ${configFile} has no auth.providers.${name}.`,
      {
        file: configFile,
        hint: `Add auth.providers.${name} with authorizeUrl, tokenUrl and clientId to ${configFile}.`,
      },
    );
  }
  const authorizeUrl = entry?.authorizeUrl ?? preset?.authorizeUrl;
  const tokenUrl = entry?.tokenUrl ?? preset?.tokenUrl;
  if (!authorizeUrl || !tokenUrl) {
    throw new SkillError(
      'CONFIG_INVALID',
      `${configFile}: auth.providers.${name} needs "authorizeUrl" and "tokenUrl".`,
      { file: configFile },
    );
  }
  const clientId = entry?.clientId ?? env[clientIdEnvName(name)];
  if (!clientId) {
    throw new SkillError(
      'CONFIG_INVALID',
      `No OAuth client id for "${name}": set auth.providers.${name}.clientId in ${configFile} or ${clientIdEnvName(name)} in the environment.`,
      {
        file: configFile,
        hint: `Register an OAuth client with ${name}, put its id in auth.providers.${name}.clientId, then run the login again.`,
      },
    );
  }
  const clientSecret = entry?.clientSecret ?? env[clientSecretEnvName(name)];
  const revokeUrl = entry?.revokeUrl ?? preset?.revokeUrl;
  const deviceAuthorizationUrl = entry?.deviceAuthorizationUrl ?? preset?.deviceAuthorizationUrl;
  return {
    name,
    authorizeUrl,
    tokenUrl,
    ...(revokeUrl && { revokeUrl }),
    ...(deviceAuthorizationUrl && { deviceAuthorizationUrl }),
    scopes: { ...preset?.scopes, ...entry?.scopes },
    ...(preset?.authorizeParams && { authorizeParams: preset.authorizeParams }),
    ...(preset?.baseScopes && { baseScopes: preset.baseScopes }),
    ...(preset?.scopeSeparator && { scopeSeparator: preset.scopeSeparator }),
    // Custom providers narrow by default: RFC 6749 section 6 lets a refresh ask for fewer scopes.
    narrowOnRefresh: preset?.narrowOnRefresh ?? true,
    clientId,
    ...(clientSecret && { clientSecret }),
  };
}

/** Short scope names to the provider's real ones (unknown names pass through). */
export function expandScopes(
  provider: Pick<ResolvedProvider, 'scopes'>,
  short: Iterable<string>,
): string[] {
  const out = new Set<string>();
  for (const s of short) out.add(Object.hasOwn(provider.scopes, s) ? provider.scopes[s]! : s);
  return [...out];
}

/** The env names that can hold a provider's client secret (for redaction). */
export function clientSecretEnvName(provider: string): string {
  return envName(provider, 'CLIENT_SECRET');
}

/** The env name that can hold a provider's client id. */
export function clientIdEnvName(provider: string): string {
  return envName(provider, 'CLIENT_ID');
}
