// The contract every runner implements: inline (same process) today, worker and sandbox
// later. Runners speak in plain data so the same protocol can cross a thread or process.
import type { SkillContext, ToolCallInfo } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';

export type RunnerKind = 'inline' | 'worker' | 'sandbox';

/** One loaded generation of a skill's code. */
export interface ActiveSkill {
  readonly skill: string;
  readonly version: string;
  /** Runs a tool by canonical name. Rejects with the tool's own error when it throws. */
  invoke(tool: string, input: unknown, call: ToolCallInfo): Promise<unknown>;
  /** Lets the skill release resources; the runner then drops the generation. */
  dispose(): Promise<void>;
}

export interface Runner {
  readonly kind: RunnerKind;
  /**
   * Imports the skill's entry and calls createTools(ctx). Rejects with a SkillError
   * (SKILL_CRASHED on import/createTools failure) naming the file.
   */
  activate(skill: SkillRecord, ctx: SkillContext): Promise<ActiveSkill>;
}
