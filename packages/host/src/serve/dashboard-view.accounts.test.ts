// What the dashboard shows of accounts and problems: a grant needing a new login flags its
// provider, a provider without a grant needs login, and every problem carries a hint naming
// the file to fix.
import type { Problem } from '@openclaw/skill-sdk';
import { describe, expect, it } from 'vitest';
import type { Grant } from '../auth/grants.js';
import type { SkillRecord } from '../catalog/types.js';
import { problemHint, viewAccounts } from './dashboard-view.js';

const skill = (name: string, extra: Partial<SkillRecord> = {}) =>
  ({
    name,
    dir: `/skills/${name}`,
    status: 'ready',
    source: { kind: 'workspace' },
    manifest: { auth: { google: { type: 'oauth2', provider: 'google' } } },
    tools: [],
    problems: [],
    ...extra,
  }) as unknown as SkillRecord;

const grant = (skillName: string, state: string, reason?: string): Grant => ({
  id: `${skillName}/google/me@example.com`,
  skill: skillName,
  provider: 'google',
  account: 'me@example.com',
  scopes: ['gmail.readonly'],
  state: state as Grant['state'],
  flow: 'code',
  ...(reason && { reason }),
  createdAt: 1,
  updatedAt: 2,
});

describe('viewAccounts', () => {
  it('an active grant covering the scopes is connected; a needs-login grant is flagged with its reason kept', () => {
    const accounts = viewAccounts(
      [skill('mail'), skill('other')],
      [grant('mail', 'active'), grant('other', 'needs-login', 'invalid_grant')],
      new Map([['other', [{ key: 'google', missing: ['gmail.readonly'] }]]]),
      () => ['gmail.readonly'],
    );
    expect(accounts).toMatchObject([
      { skill: 'mail', key: 'google', provider: 'google', needsLogin: false, missing: [] },
      {
        skill: 'other',
        needsLogin: true,
        missing: ['gmail.readonly'],
        grants: [{ state: 'needs-login', reason: 'invalid_grant' }],
      },
    ]);
  });

  it('a provider with no grant needs login; shadowed skills and api-key entries are left out', () => {
    const accounts = viewAccounts(
      [
        skill('fresh'),
        skill('hidden', { shadowedBy: '/elsewhere' }),
        skill('keyed', {
          manifest: { auth: { key: { type: 'apiKey' } } } as unknown as SkillRecord['manifest'],
        }),
      ],
      [],
      new Map([['fresh', [{ key: 'google', missing: ['a'] }]]]),
      () => ['a'],
    );
    expect(accounts.map((a) => [a.skill, a.needsLogin])).toEqual([['fresh', true]]);
  });
});

describe('problemHint', () => {
  const p = (over: Partial<Problem>): Problem =>
    ({ code: 'X', severity: 'error', message: 'm', file: '/s/SKILL.md', ...over }) as Problem;

  it('an error names the file, line and field to fix and the validate command', () => {
    expect(problemHint(p({ line: 3, field: 'name' }), { dir: '/s', status: 'invalid' })).toBe(
      'Fix /s/SKILL.md:3 (name), then save: serve reloads it. Check with openclaw-skill validate /s.',
    );
  });

  it('a warning is optional; a disabled skill says how to enable it', () => {
    expect(problemHint(p({ severity: 'warning' }), { dir: '/s', status: 'ready' })).toMatch(
      /^Optional: fix \/s\/SKILL.md/,
    );
    expect(problemHint(p({}), { dir: '/s', status: 'disabled' })).toContain('"enabled": true');
  });
});
