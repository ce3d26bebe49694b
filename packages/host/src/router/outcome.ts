// What a failed run becomes: TIMEOUT, ABORTED, the skill's own SkillError code (so
// AUTH_REQUIRED keeps its hint), the runner's activation code, or SKILL_ERROR.
import { ERROR_CODES, isSkillError, type ErrorCode } from '@openclaw/skill-sdk';
import type { ToolRecord } from '../catalog/types.js';
import type { Refusal } from './failure.js';
import type { RunOutcome } from './run.js';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Activation failures keep the runner's SkillError code (SKILL_CRASHED, SKILL_UNAVAILABLE). */
export class ActivationError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  constructor(code: ErrorCode, message: string, hint: string | undefined) {
    super(message);
    this.code = code;
    this.hint = hint;
  }
}

export function activationError(error: unknown): ActivationError {
  if (isSkillError(error) && KNOWN_CODES.has(error.code)) {
    return new ActivationError(error.code, error.message, error.hint);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ActivationError(
    'SKILL_CRASHED',
    `The skill could not be loaded: ${message}`,
    'Do not retry now; the user can run `openclaw-skill doctor` to see why the skill fails to load.',
  );
}

export function activationTimeout(skill: string, ms: number): ActivationError {
  return new ActivationError(
    'TIMEOUT',
    `Skill ${skill} did not load within ${ms} ms.`,
    'Try again later; the user can run `openclaw-skill doctor` to see why the skill loads slowly.',
  );
}

export function runFailure(
  tool: ToolRecord,
  outcome: Exclude<RunOutcome, { kind: 'ok' }>,
): Refusal {
  if (outcome.kind === 'timeout') {
    return {
      code: 'TIMEOUT',
      message: `${tool.name} did not finish within ${tool.timeoutMs} ms and was stopped.`,
      hint: 'Try a smaller request, or tell the user the tool is not responding.',
      details: { timeoutMs: tool.timeoutMs },
    };
  }
  if (outcome.kind === 'aborted') {
    return { code: 'ABORTED', message: `The call to ${tool.name} was aborted by the caller.` };
  }
  const err = outcome.error;
  if (err instanceof ActivationError) {
    const r: Refusal = { code: err.code, message: err.message };
    if (err.hint) r.hint = err.hint;
    return r;
  }
  if (isSkillError(err) && KNOWN_CODES.has(err.code)) {
    const r: Refusal = { code: err.code, message: err.message };
    if (err.hint) r.hint = err.hint;
    if (err.details) r.details = err.details;
    return r;
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: 'SKILL_ERROR',
    message: `${tool.name} failed: ${message}`,
    hint: 'Check the arguments, or try another approach; repeating the same call will likely fail again.',
  };
}
