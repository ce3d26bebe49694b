// CallFailure constructors: every refusal or failure is data the model can act on.
import type { ErrorCode } from '@openclaw/skill-sdk';
import type { CallFailure } from './types.js';

export function failure(
  id: string,
  name: string,
  code: ErrorCode,
  message: string,
  hint?: string,
  details?: Record<string, unknown>,
): CallFailure {
  const f: CallFailure = { id, name, isError: true, code, message };
  if (hint !== undefined) f.hint = hint;
  if (details !== undefined) f.details = details;
  return f;
}

/** What a stage hands back when it refuses: the failure fields without id and name. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}
