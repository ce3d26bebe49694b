// A skill's secrets: only names its manifest declares (apiKey auth `env` names and
// permissions.env), looked up in the host config (skills.<name>.secrets, then .env), then
// the environment, then the keys `openclaw-skill auth set-key` stored in the vault.
import { isReservedEnvName, SkillError, type SkillSecrets } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { skillSettings } from '../config/load.js';
import type { HostConfig, SkillSettings } from '../config/schema.js';

/** Secret names a skill's manifest declares. */
export function declaredSecretNames(record: Pick<SkillRecord, 'manifest'>): string[] {
  const names = new Set<string>();
  for (const entry of Object.values(record.manifest?.auth ?? {})) {
    if (entry.type === 'apiKey' && entry.env) names.add(entry.env);
  }
  for (const name of record.manifest?.permissions?.env ?? []) names.add(name);
  return [...names];
}

/**
 * The value a skill gets for a declared name: the host config's (skills.<name>.secrets, then
 * .env) when it sets the name, else the environment. A name the config sets is never
 * looked up in the environment, even when the config's value is empty: the environment's
 * value is shadowed, and a shadowed value is never handed to the skill.
 */
export function lookupSecret(
  name: string,
  settings: SkillSettings | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  for (const layer of [settings?.secrets, settings?.env]) {
    if (layer && Object.hasOwn(layer, name)) return layer[name] || undefined;
  }
  return env[name] || undefined;
}

/** Every value a declared name has anywhere (config layers and env), shadowed ones too. */
function candidateValues(
  name: string,
  settings: SkillSettings | undefined,
  env: NodeJS.ProcessEnv,
): string[] {
  const out: string[] = [];
  for (const layer of [settings?.secrets, settings?.env]) {
    const v = layer && Object.hasOwn(layer, name) ? layer[name] : undefined;
    if (v) out.push(v);
  }
  const e = env[name];
  if (e) out.push(e);
  return out;
}

export function createSkillSecrets(
  record: Pick<SkillRecord, 'name' | 'manifest'>,
  settings: SkillSettings | undefined,
  env: NodeJS.ProcessEnv,
  /** Keys stored with `auth set-key` (the auth manager's vault). */
  storedKey?: (name: string) => Promise<string | undefined>,
): SkillSecrets {
  const declared = new Set(declaredSecretNames(record));
  return {
    async get(name) {
      if (!declared.has(name)) {
        throw new SkillError(
          'POLICY_DENIED',
          `Skill "${record.name}" asked for secret "${name}", which its manifest.json does not declare; add it to permissions.env or an apiKey auth entry's "env".`,
        );
      }
      if (isReservedEnvName(name)) {
        throw new SkillError(
          'POLICY_DENIED',
          `Skill "${record.name}" asked for "${name}", which the host keeps for itself; no skill receives it.`,
          {
            hint: "Use a name of the skill's own in manifest.json (see `openclaw-skill validate`).",
          },
        );
      }
      return (
        lookupSecret(name, settings, env) ??
        (await storedKey?.(name).catch(() => undefined)) ??
        undefined
      );
    },
  };
}

/**
 * Every secret value the host knows, for redaction: all configured skill secrets, provider
 * client secrets, and every value (config or env, used or shadowed) of names some skill
 * declares.
 */
export function knownSecretValues(
  records: readonly Pick<SkillRecord, 'name' | 'manifest'>[],
  config: HostConfig,
  env: NodeJS.ProcessEnv,
): string[] {
  const values = new Set<string>();
  for (const settings of Object.values(config.skills ?? {})) {
    for (const v of Object.values(settings.secrets ?? {})) if (v) values.add(v);
  }
  for (const p of Object.values(config.auth?.providers ?? {}))
    if (p.clientSecret) values.add(p.clientSecret);
  for (const r of records) {
    const settings = skillSettings(config, r.name);
    // Shadowed values too: an inline skill shares the host's process.env, so the env value
    // a config entry shadows can still reach a result; it is redacted like the one in use.
    for (const name of declaredSecretNames(r))
      for (const v of candidateValues(name, settings, env)) values.add(v);
  }
  return [...values];
}
