// A code skill's install summary as the host hands it to the consent screen, with nothing
// declared: the consent suites add the one field each checks.
import type { InstallSummary } from '@openclaw/skill-host';

export function codeSummary(name: string, extra: Partial<InstallSummary> = {}): InstallSummary {
  return {
    name,
    package: `oc-skill-${name}`,
    version: '1.0.0',
    description: '',
    resolved: 'file:/x',
    integrity: 'sha512-x',
    kind: 'code',
    tools: [],
    permissions: { network: [], env: [], fs: 'none' },
    scopes: {},
    dependencies: {},
    scripts: [],
    warnings: [],
    ...extra,
  };
}
