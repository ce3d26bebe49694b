// The dashboard's skill view of what an install checked: the lockfile's signature and
// provenance, by skill name, on store installs only.
import { describe, expect, it } from 'vitest';
import { skillRecord, testSource } from '../testing/records.js';
import type { SignatureStatus } from '../install/trust-types.js';
import type { LockEntry } from '../install/types.js';
import { viewSkill } from './dashboard-view.js';
import { trustFromLock } from './skill-trust.js';
import { VERIFIED_PROVENANCE } from '../install/trust.fixtures.js';

const base = {
  package: 'oc-skill-mail',
  version: '1.0.0',
  resolved: 'http://127.0.0.1:1/oc-skill-mail/-/oc-skill-mail-1.0.0.tgz',
  integrity: 'sha512-abc',
  time: '2026-01-01T00:00:00.000Z',
  spec: 'oc-skill-mail',
};
const signature: SignatureStatus = {
  status: 'verified',
  registry: 'http://127.0.0.1:1/',
  keyids: ['k1'],
};
const provenance = VERIFIED_PROVENANCE;

describe('trustFromLock', () => {
  it('takes each entry signature and provenance, and an empty trust for a folder install', () => {
    const skills: Record<string, LockEntry> = {
      mail: { ...base, name: 'mail', signature, provenance },
      local: { ...base, name: 'local', resolved: 'file:/x', spec: '/x' },
    };
    const trust = trustFromLock({ lockfileVersion: 1, skills });
    expect(trust.get('mail')).toEqual({ signature, provenance });
    expect(trust.get('local')).toEqual({});
  });
});

describe('viewSkill: trust', () => {
  it('a store install carries the trust it is given', () => {
    const s = skillRecord({ name: 'mail', source: testSource({ kind: 'store' }) });
    expect(viewSkill(s, {}, undefined, { signature, provenance }).trust).toEqual({
      signature,
      provenance,
    });
  });

  it('a skill from your own folders carries none, even under a name the lockfile lists', () => {
    const s = skillRecord({ name: 'mail', source: testSource({ kind: 'workspace' }) });
    expect(viewSkill(s, {}, undefined, { signature, provenance })).not.toHaveProperty('trust');
  });
});
