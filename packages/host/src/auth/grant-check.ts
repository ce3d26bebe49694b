// Which grant answers a token request, or the AUTH_REQUIRED that tells the user what to run:
// no grant yet, one that must log in again, or one that lacks some of the scopes asked.
import { SkillError } from '@openclaw/skill-sdk';
import { missingScopes, pickGrant, type Grant } from './grants.js';

export const loginCommand = (skill: string, scopes?: readonly string[]) =>
  `openclaw-skill auth login ${skill}${scopes?.length ? ` --scopes ${scopes.join(',')}` : ''}`;

export interface GrantAsk {
  skill: string;
  provider: string;
  /** Short scope names the call needs. */
  scopes: string[];
}

/** The grant to use among a skill's grants for one provider; throws AUTH_REQUIRED if none fits. */
export function usableGrant(list: readonly Grant[], ask: GrantAsk): Grant {
  const { skill, provider } = ask;
  const grant = pickGrant(list.filter((g) => g.state === 'active')) ?? pickGrant(list);
  if (!grant) {
    throw new SkillError(
      'AUTH_REQUIRED',
      `Skill "${skill}" is not authorized with ${provider} yet.`,
      {
        hint: `Run: ${loginCommand(skill)}`,
        details: { skill, provider },
      },
    );
  }
  if (grant.state === 'needs-login') {
    throw new SkillError(
      'AUTH_REQUIRED',
      `Skill "${skill}" must log in to ${provider} again${grant.reason ? ` (${grant.reason})` : ''}.`,
      {
        hint: `Run: ${loginCommand(skill)}`,
        details: { skill, provider, account: grant.account },
      },
    );
  }
  const missing = missingScopes(grant, ask.scopes);
  if (missing.length) {
    throw new SkillError(
      'AUTH_REQUIRED',
      `Skill "${skill}" is authorized with ${provider} but not for ${missing.join(', ')}.`,
      {
        hint: `Run: ${loginCommand(skill, missing)}`,
        details: { skill, provider, missingScopes: missing },
      },
    );
  }
  return grant;
}
