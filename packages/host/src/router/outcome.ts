// What a failed run becomes: TIMEOUT, ABORTED, the skill's own SkillError code (so
// AUTH_REQUIRED keeps its hint), the runner's activation code, NETWORK_ERROR for a failed
// network call, or SKILL_ERROR. Nothing a skill throws can make this throw: an error whose
// message getter throws is still the skill's error. Messages are cut before they are
// composed, so a 20 MB message is never copied, logged or redacted in full.
import { ERROR_CODES, SkillError, isSkillError } from '@openclaw/skill-sdk';
import type { ToolRecord } from '../catalog/types.js';
import type { Refusal } from './failure.js';
import { networkFailure } from './network.js';
import type { RunOutcome } from './run.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
/** Characters of a thrown message or hint kept before the per-tool result limit applies. */
export const MAX_ERROR_TEXT = 64 * 1024;

/** Activation failures keep the runner's SkillError code (SKILL_CRASHED, SKILL_UNAVAILABLE). */
export function activationError(error: unknown): SkillError {
  const known = knownSkillError(error);
  if (known) return known;
  return new SkillError('SKILL_CRASHED', `The skill could not be loaded: ${cutMessage(error)}`, {
    hint: 'Do not retry now; the user can run `openclaw-skill doctor` to see why the skill fails to load.',
  });
}

export function activationTimeout(skill: string, ms: number): SkillError {
  return new SkillError('TIMEOUT', `Skill ${skill} did not load within ${ms} ms.`, {
    hint: 'Try again later; the user can run `openclaw-skill doctor` to see why the skill loads slowly.',
  });
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
  const known = knownSkillError(err);
  if (outcome.kind === 'activation' && !known)
    return { code: 'SKILL_CRASHED', message: cutMessage(err) };
  if (known) {
    const r: Refusal = { code: known.code, message: known.message };
    if (known.hint) r.hint = known.hint;
    if (known.details) r.details = known.details;
    return r;
  }
  const net = networkFailure(err);
  if (net) {
    const where = net.host ? ` reaching ${net.host}` : '';
    return {
      code: 'NETWORK_ERROR',
      message: `${tool.name} failed: a network call${where} failed (${net.cause}): ${cutMessage(err)}`,
      hint: 'This is a connectivity problem, not a problem with the arguments: check the network, proxy, DNS or the service, then try again later or tell the user.',
      details: { cause: net.cause, ...(net.host && { host: net.host }) },
    };
  }
  return {
    code: 'SKILL_ERROR',
    message: `${tool.name} failed: ${cutMessage(err)}`,
    hint: 'Check the arguments, or try another approach; repeating the same call will likely fail again.',
  };
}

/** A SkillError with a known code, its texts read safely and cut; undefined otherwise. */
function knownSkillError(error: unknown): SkillError | undefined {
  try {
    if (!isSkillError(error) || !KNOWN_CODES.has(error.code)) return undefined;
    const hint = error.hint;
    const details = error.details;
    return new SkillError(error.code, cut(String(error.message)), {
      ...(typeof hint === 'string' && hint !== '' && { hint: cut(hint) }),
      ...(details !== undefined && { details }),
    });
  } catch {
    return undefined;
  }
}

/** The message of anything thrown, cut to MAX_ERROR_TEXT; never throws. */
export const cutMessage = (error: unknown): string => cut(messageOf(error));

const cut = (s: string): string =>
  s.length > MAX_ERROR_TEXT ? `${s.slice(0, MAX_ERROR_TEXT)}… [cut]` : s;
