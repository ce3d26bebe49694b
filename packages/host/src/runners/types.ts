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
  /**
   * Optional, for runners without a boundary (inline): the same call, returning what the
   * tool returned (a promise only when the tool returned one) and throwing what it throws.
   * The router answers a synchronous tool from it without a promise hop per stage.
   */
  invokeNow?(tool: string, input: unknown, call: ToolCallInfo): unknown;
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
