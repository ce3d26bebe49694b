// The example skills are what authors copy: they must pass the same strict validation a
// publish runs (manifest and code agree, every tool implemented, schemas the same).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSkill } from '@openclaw/skill-sdk';

const repo = resolve(import.meta.dirname, '..');

describe('bundled example skills', () => {
  for (const name of ['weather', 'gmail']) {
    it(`${name} passes validate --strict with no problems`, async () => {
      const result = await validateSkill(resolve(repo, 'skills', name), { strict: true });
      expect(result.problems).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.skill.manifest?.name).toBe(name);
    });
  }
});
