// CallFailure constructors: every refusal or failure is data the model can act on.
import type { ErrorCode } from '@openclaw/skill-sdk';
import type { CallFailure } from './types.js';

/** A refusal addressed to one call: its id and the tool name the caller sees. */
export interface FailureFields extends Refusal {
  id: string;
  name: string;
}

export function failure(f: FailureFields): CallFailure {
  const out: CallFailure = {
    id: f.id,
    name: f.name,
    isError: true,
    code: f.code,
    message: f.message,
  };
  if (f.hint !== undefined) out.hint = f.hint;
  if (f.details !== undefined) out.details = f.details;
  return out;
}

/** What a stage hands back when it refuses: the failure fields without id and name. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}
