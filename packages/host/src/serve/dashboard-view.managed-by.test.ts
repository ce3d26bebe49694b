// The dashboard's skill view of a skill ClawHub or the skills CLI keeps: the tool, its source
// and version, and the commands that update and remove it there.
import { describe, expect, it } from 'vitest';
import { skillRecord, testSource } from '../testing/records.js';
import { viewSkill } from './dashboard-view.js';

describe('viewSkill: managed skills', () => {
  it('a ClawHub skill carries the tool, source, version and its update and remove commands', () => {
    const s = skillRecord({
      name: 'gifgrep',
      version: '2.1.0',
      source: testSource({ kind: 'workspace' }),
      managedBy: {
        tool: 'clawhub',
        file: '/w/skills/gifgrep/.clawhub/origin.json',
        source: 'gifgrep',
        version: '2.1.0',
      },
    });
    const view = viewSkill(s, {}, undefined);
    expect(view).toMatchObject({ version: '2.1.0', installed: false });
    expect(view.managedBy).toEqual({
      tool: 'clawhub',
      source: 'gifgrep',
      version: '2.1.0',
      update: 'clawhub update gifgrep',
      remove: 'clawhub uninstall gifgrep',
    });
  });

  it('a skills CLI skill names npx skills; a plain skill has no managedBy', () => {
    const managed = skillRecord({
      name: 'pdf',
      managedBy: { tool: 'skills', file: '/w/skills-lock.json', source: 'anthropics/skills' },
    });
    expect(viewSkill(managed, {}, undefined).managedBy).toMatchObject({
      update: 'npx skills update pdf',
      remove: 'npx skills remove pdf',
    });
    expect(viewSkill(skillRecord({ name: 'plain' }), {}, undefined).managedBy).toBeUndefined();
  });
});
