// The host's own skill: skills.search and skills.read, run in-process over the current
// snapshot (read at each call, so they always see the catalog the router sees).
import { HOST_API_VERSION, SkillError, type ToolCallInfo } from '@openclaw/skill-sdk';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { ActiveSkill } from '../runners/types.js';
import { BUILTIN_SKILL, READ_TOOL, SEARCH_TOOL } from './record.js';
import { readSkillFile } from './read.js';
import { searchSkills } from './search.js';

export { builtinSkillRecord, BUILTIN_SKILL, READ_TOOL, SEARCH_TOOL } from './record.js';
export { searchSkills, type SkillSearchHit } from './search.js';
export { readSkillFile, MAX_READ_BYTES } from './read.js';
export { closestNames } from './closest.js';

export function activateBuiltin(getSnapshot: () => CatalogSnapshot): ActiveSkill {
  return {
    skill: BUILTIN_SKILL,
    version: HOST_API_VERSION,
    async invoke(tool: string, input: unknown, call: ToolCallInfo): Promise<unknown> {
      call.signal.throwIfAborted();
      if (tool === SEARCH_TOOL) return searchSkills(getSnapshot(), input);
      if (tool === READ_TOOL) return readSkillFile(getSnapshot(), input);
      throw new SkillError('TOOL_NOT_FOUND', `The built-in skill has no tool "${tool}".`);
    },
    async dispose() {},
  };
}
