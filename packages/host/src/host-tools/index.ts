// The host's own skill: skills.search and skills.read, run in-process over the current
// snapshot (read at each call, so they always see the catalog the router sees).
import { HOST_API_VERSION, SkillError, type ToolCallInfo } from '@openclaw/skill-sdk';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { ActiveSkill } from '../runners/types.js';
import { TOOLS_SEARCH } from '../formats/names.js';
import { BUILTIN_SKILL, READ_TOOL, SEARCH_TOOL } from './record.js';
import { readSkillFile } from './read.js';
import { searchSkills } from './search.js';
import { searchTools, type ToolSearchDeps } from './tools-search.js';

export { builtinSkillRecord, BUILTIN_SKILL, READ_TOOL, SEARCH_TOOL } from './record.js';
export { searchTools, type ToolSearchDeps, type ToolSearchResult } from './tools-search.js';
export { searchSkills, type SkillSearchHit } from './search.js';
export { readSkillFile, MAX_READ_BYTES } from './read.js';
export { closestNames } from './closest.js';

/** `tools` wires tools.search to the host's config and session state (without it, refused). */
export function activateBuiltin(
  getSnapshot: () => CatalogSnapshot,
  tools?: Omit<ToolSearchDeps, 'snapshot'>,
): ActiveSkill {
  return {
    skill: BUILTIN_SKILL,
    version: HOST_API_VERSION,
    async invoke(tool: string, input: unknown, call: ToolCallInfo): Promise<unknown> {
      call.signal.throwIfAborted();
      if (tool === SEARCH_TOOL) return searchSkills(getSnapshot(), input);
      if (tool === READ_TOOL) return readSkillFile(getSnapshot(), input);
      if (tool === TOOLS_SEARCH && tools)
        return searchTools({ ...tools, snapshot: getSnapshot }, input, call.session);
      throw new SkillError('TOOL_NOT_FOUND', `The built-in skill has no tool "${tool}".`);
    },
    async dispose() {},
  };
}
