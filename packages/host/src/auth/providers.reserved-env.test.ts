// The OAuth client id and secret a provider is configured with, from config or env, are the
// host's: the env names it reads them from are reserved, so no manifest can declare them and no
// runner receives them. Checked for every preset and for a custom provider from the config.
import { describe, expect, it } from 'vitest';
import { isReservedEnvName } from '@openclaw/skill-sdk';
import { clientIdEnvName, clientSecretEnvName, knownProviders } from './providers.js';

describe("providers' client credential variables", () => {
  it('every preset and a custom provider read their client id and secret from reserved names', () => {
    const providers = knownProviders({
      auth: {
        providers: {
          'acme-sso': { authorizeUrl: 'https://a.test/a', tokenUrl: 'https://a.test/t' },
        },
      },
    });
    expect(providers).toContain('acme-sso');
    const names = providers.flatMap((p) => [clientIdEnvName(p), clientSecretEnvName(p)]);
    expect(names).toContain('OPENCLAW_GOOGLE_CLIENT_SECRET');
    expect(names).toContain('OPENCLAW_ACME_SSO_CLIENT_ID');
    expect(names.filter((n) => !isReservedEnvName(n))).toEqual([]);
  });
});
