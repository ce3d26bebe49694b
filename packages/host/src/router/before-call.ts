// The embedder's beforeCall hook: runs after policy, rate limits and input validation, and
// before approval and the run. It may let the call go on, refuse it with a reason the model
// reads (HOOK_DENIED), or hand back a new input, which is validated again. A hook that
// throws, answers something else, or does not answer in time fails the call closed
// (HOOK_FAILED): a broken guard must never wave calls through.
import type { HookOutcome } from '../audit/index.js';
import type { Refusal } from './failure.js';
import { cutMessage } from './outcome.js';
import type { BeforeCallDecision, BeforeCallHook, BeforeCallInfo, CallContext } from './types.js';

export type { BeforeCallDecision, BeforeCallHook, BeforeCallInfo } from './types.js';
export type { HookOutcome };

export type HookResult =
  | { kind: 'allowed' }
  | { kind: 'replaced'; input: unknown }
  | { kind: 'denied'; refusal: Refusal; rule: string }
  | { kind: 'failed'; refusal: Refusal; rule: string };

const MAX_REASON_CHARS = 500;

export function runBeforeCall(
  hook: BeforeCallHook,
  info: BeforeCallInfo,
  ctx: CallContext,
  timeoutMs: number,
): HookResult | Promise<HookResult> {
  let answer: BeforeCallDecision | Promise<BeforeCallDecision>;
  try {
    answer = hook(info, ctx);
  } catch (err) {
    return failed(info.name, `threw: ${cutMessage(err)}`);
  }
  if (!isThenable(answer)) return decide(info.name, answer);
  return new Promise<HookResult>((resolve) => {
    const timer = setTimeout(
      () => resolve(failed(info.name, `did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    Promise.resolve(answer).then(
      (d) => {
        clearTimeout(timer);
        resolve(decide(info.name, d));
      },
      (err: unknown) => {
        clearTimeout(timer);
        resolve(failed(info.name, `threw: ${cutMessage(err)}`));
      },
    );
  });
}

function decide(tool: string, d: unknown): HookResult {
  if (typeof d === 'object' && d !== null) {
    const o = d as Record<string, unknown>;
    if (o.allow === true) return { kind: 'allowed' };
    if (o.allow === false && typeof o.reason === 'string' && o.reason.trim() !== '') {
      const reason =
        o.reason.length > MAX_REASON_CHARS ? `${o.reason.slice(0, MAX_REASON_CHARS)}...` : o.reason;
      return {
        kind: 'denied',
        rule: `beforeCall: ${reason}`,
        refusal: {
          code: 'HOOK_DENIED',
          message: `The call to ${tool} was refused by the host application: ${reason}`,
          hint: 'Do not retry the same call; change what you ask for or tell the user.',
          details: { reason },
        },
      };
    }
    if ('input' in o && !('allow' in o)) return { kind: 'replaced', input: o.input };
  }
  return failed(tool, 'answered neither { allow: true }, { allow: false, reason } nor { input }');
}

function failed(tool: string, why: string): HookResult {
  return {
    kind: 'failed',
    rule: `beforeCall ${why}`,
    refusal: {
      code: 'HOOK_FAILED',
      message: `The host application's check before ${tool} failed (it ${why}), so the call was not run.`,
      hint: 'This is a problem in the application, not in your request; tell the user.',
    },
  };
}

const isThenable = <T>(v: T | Promise<T>): v is Promise<T> =>
  typeof (v as { then?: unknown } | null)?.then === 'function';
