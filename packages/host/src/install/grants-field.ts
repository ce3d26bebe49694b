import type { HostConfig } from '../config/schema.js';
import { runnerKindFor } from '../runners/choose.js';
import { shownGrants, type ShownGrants } from '../runners/folder-grants.js';

/**
 * The install summary's `grants`: what the user already granted a skill of this name, with a
 * note when the runner it will get (it goes into the store) does not enforce them.
 */
export function grantsField(
  skill: { name: string; kind: 'docs' | 'code' },
  config: HostConfig,
  userHome?: string,
): { grants?: ShownGrants } {
  const runner =
    skill.kind === 'code'
      ? runnerKindFor({ name: skill.name, source: { kind: 'store' } }, config)
      : undefined;
  const grants = shownGrants({
    config,
    skill: skill.name,
    runner,
    ...(userHome !== undefined && { userHome }),
  });
  return grants ? { grants } : {};
}
