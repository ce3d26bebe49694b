// The prompt fixture of the shared folder (beside the compat corpus, outside the repo):
// expected prompt blocks written independently of this code.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { readSkillMd } from '@openclaw/skill-sdk';
import { describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../packages/host/src/catalog/types.js';
import { PREAMBLE } from '../../packages/host/src/prompt/blocks.js';
import { renderPrompt } from '../../packages/host/src/prompt/render.js';
import { skillRecord, snapshotOf, testSource } from '../../packages/host/src/testing/records.js';
import { sharedDir } from './corpus.js';

const fixture = join(sharedDir, 'fixtures', 'prompt');
const skillsDir = join(fixture, 'skills');

async function fixtureRecords(): Promise<SkillRecord[]> {
  return Promise.all(
    ['alpha-notes', 'beta-weather'].map(async (folder) => {
      const { doc, problems } = await readSkillMd(join(skillsDir, folder, 'SKILL.md'));
      expect(problems).toEqual([]);
      return skillRecord({
        name: doc!.name,
        description: doc!.description,
        dir: doc!.dir,
        location: doc!.file,
        doc: doc!,
        source: testSource({ dir: skillsDir }),
      });
    }),
  );
}

async function expected(file: string, dir: string): Promise<string> {
  const text = await readFile(join(fixture, file), 'utf8');
  // The file ends with a newline; the element itself ends at </available_skills>.
  return text.replaceAll('{{DIR}}', dir).replace(/\n$/, '');
}

describe.skipIf(!existsSync(fixture))('prompt fixture (shared/fixtures/prompt)', () => {
  it('openclaw block equals expected-openclaw.xml byte for byte', async () => {
    const snap = snapshotOf(await fixtureRecords());
    const r = renderPrompt(snap, { userHome: '/nonexistent-home' });
    expect(r.block).toBe(await expected('expected-openclaw.xml', skillsDir));
    expect(r.text).toBe(`${PREAMBLE}\n\n${r.block}`);
    expect(r.included).toEqual(['alpha-notes', 'beta-weather']);
    expect(r.chars).toBe(r.text.length);
    expect(r.report).toBeUndefined();
  });

  it('agentskills block equals expected-agentskills.xml byte for byte, location absolute', async () => {
    const snap = snapshotOf(await fixtureRecords());
    const r = renderPrompt(snap, { format: 'agentskills', userHome: resolve(fixture, '..') });
    expect(r.block).toBe(await expected('expected-agentskills.xml', skillsDir));
    expect(r.text).toBe(r.block);
  });

  it('openclaw shows a location under the user home as ~/', async () => {
    const snap = snapshotOf(await fixtureRecords());
    const home = resolve(fixture, '..', '..', '..'); // the folder holding shared/
    const r = renderPrompt(snap, { userHome: home });
    const tildeDir = `~/${skillsDir.slice(home.length + 1)}`;
    expect(r.block).toBe(await expected('expected-openclaw.xml', tildeDir));
    expect(r.block).toContain(
      `<location>~/${basename(sharedDir)}/fixtures/prompt/skills/alpha-notes/SKILL.md</location>`,
    );
  });

  it('a home that is only a name prefix of the path is not replaced', async () => {
    const snap = snapshotOf(await fixtureRecords());
    const r = renderPrompt(snap, { userHome: skillsDir.slice(0, -2) }); // ".../ski"
    expect(r.block).toContain(`<location>${skillsDir}/alpha-notes/SKILL.md</location>`);
  });
});
