// Stage 5: approvals. Order: deny > require approval > auto approve. A tool needs a
// person's yes when its manifest says `approval: "required"`, when it is destructive, or
// when config.approvals.require matches it; config.approvals.auto lifts the first two but
// not an explicit require. A skill cannot exempt its own destructive tool with
// `approval: "auto"`: only the user's config can.
import { isSkillError } from '@openclaw/skill-sdk';
import type { ApprovalsConfig } from '../config/schema.js';
import type { ToolRecord } from '../catalog/types.js';
import { compileRules, firstMatch } from '../policy/index.js';
import type { AuditEntry } from '../audit/index.js';
import type { Refusal } from './failure.js';
import type { ApprovalHandler, ApprovalRequest, CallContext } from './types.js';

export type ApprovalNeed =
  | { kind: 'deny'; rule: string }
  /** `reason` completes "<tool> needs approval because ...": it never repeats the tool. */
  | { kind: 'ask'; reason: string }
  | { kind: 'auto'; rule?: string };

export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;
const AUTO: ApprovalNeed = Object.freeze({ kind: 'auto' });

/** Compiles config.approvals once; the result decides per tool (callers cache it). */
export function compileApprovals(
  config: ApprovalsConfig | undefined,
): (tool: ToolRecord) => ApprovalNeed {
  const deny = compileRules('config.approvals.deny', config?.deny);
  const require = compileRules('config.approvals.require', config?.require);
  const auto = compileRules('config.approvals.auto', config?.auto);
  return (tool) => {
    const d = firstMatch(deny, tool);
    if (d) return { kind: 'deny', rule: `refused by ${d.source} ${JSON.stringify(d.entry)}` };
    const r = firstMatch(require, tool);
    if (r) return { kind: 'ask', reason: `${r.source} ${JSON.stringify(r.entry)} matches it` };
    const manifestWants =
      tool.approval === 'required'
        ? 'its manifest says approval: "required"'
        : tool.annotations?.destructiveHint === true
          ? 'it is destructive (annotations.destructiveHint)'
          : undefined;
    if (!manifestWants) return AUTO;
    const a = firstMatch(auto, tool);
    if (a) return { kind: 'auto', rule: `approved by ${a.source} ${JSON.stringify(a.entry)}` };
    return { kind: 'ask', reason: manifestWants };
  };
}

export type AskOutcome = 'approved' | 'denied' | 'timeout' | 'aborted' | 'unavailable';

/** Who approved, when the handler said (`{ approved: true, by }`). */
const approverOf = (answer: unknown): string | undefined => {
  const by = (answer as { by?: unknown } | null)?.by;
  return typeof by === 'string' && by !== '' ? by.slice(0, 200) : undefined;
};
const isYes = (answer: unknown): boolean =>
  answer === true || (answer as { approved?: unknown } | null)?.approved === true;

/** A handler that has no one to ask right now (serve's dashboard closed) rejects with this code. */
const noOneToAsk = (e: unknown) => isSkillError(e) && e.code === 'APPROVAL_REQUIRED';

/**
 * Asks the handler. Only `true` approves; any other answer denies. A handler that throws or
 * does not answer within timeoutMs is a timeout, unless it rejects with APPROVAL_REQUIRED
 * (no one to ask: as if there were no handler); the caller's signal aborting is 'aborted'.
 */
export interface AskOptions {
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** Told who approved (when the answer names one). */
  onApprover?: ((by: string) => void) | undefined;
}

export function askApproval(
  handler: ApprovalHandler,
  req: ApprovalRequest,
  opts: AskOptions,
): Promise<AskOutcome> {
  const { timeoutMs, signal, onApprover } = opts;
  return new Promise<AskOutcome>((resolve) => {
    let settled = false;
    const finish = (o: AskOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(o);
    };
    const onAbort = () => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    if (signal) {
      if (signal.aborted) return finish('aborted');
      signal.addEventListener('abort', onAbort, { once: true });
    }
    try {
      Promise.resolve(handler(req)).then(
        (answer) => {
          const by = approverOf(answer);
          if (!settled && by !== undefined && isYes(answer)) onApprover?.(by);
          finish(isYes(answer) ? 'approved' : 'denied');
        },
        (e: unknown) => finish(noOneToAsk(e) ? 'unavailable' : 'timeout'),
      );
    } catch (e) {
      finish(noOneToAsk(e) ? 'unavailable' : 'timeout');
    }
  });
}

/** The common case, without a promise: records the automatic approval on the entry. */
export function autoApproved(need: { kind: 'auto'; rule?: string }, entry: AuditEntry): undefined {
  entry.approval = 'auto';
  if (need.rule) entry.rule = need.rule;
  return undefined;
}

export interface ApprovalStageInput {
  need: ApprovalNeed;
  tool: ToolRecord;
  input: unknown;
  ctx: CallContext;
  callId: string;
  entry: AuditEntry;
  /** The host's handler; ctx.approve overrides it. */
  fallback: ApprovalHandler | undefined;
  timeoutMs: number;
  /** Told who approved, when the handler said. */
  onApprover?: (by: string) => void;
}

/**
 * The approval stage: records the outcome on the audit entry and returns the refusal, if
 * any.
 */
export async function approvalStage(a: ApprovalStageInput): Promise<Refusal | undefined> {
  const { need, tool, input, ctx, callId, entry, fallback, timeoutMs } = a;
  if (need.kind === 'auto') return autoApproved(need, entry);
  if (need.kind === 'deny') {
    entry.approval = 'denied';
    entry.rule = need.rule;
    return {
      code: 'APPROVAL_DENIED',
      message: `Calling ${tool.name} was refused: ${need.rule}.`,
      hint: 'Do not retry it; the user does not allow this tool. Tell the user if you need it.',
      details: { rule: need.rule },
    };
  }
  entry.rule = need.reason;
  const handler = ctx.approve ?? fallback;
  const noOne = (): Refusal => {
    entry.approval = 'required';
    return {
      code: 'APPROVAL_REQUIRED',
      message: `${tool.name} needs approval because ${need.reason}, and no one can be asked.`,
      hint: 're-run with --approve or pass an approval handler',
      details: { reason: need.reason },
    };
  };
  if (!handler) return noOne();
  const request = { callId, tool, input, reason: need.reason, ctx };
  switch (
    await askApproval(handler, request, {
      timeoutMs,
      signal: ctx.signal,
      onApprover: a.onApprover,
    })
  ) {
    case 'unavailable':
      return noOne();
    case 'approved':
      entry.approval = 'approved';
      return undefined;
    case 'denied':
      entry.approval = 'denied';
      return {
        code: 'APPROVAL_DENIED',
        message: `The user declined the call to ${tool.name}.`,
        hint: 'Do not retry the same call; ask the user what they want instead.',
      };
    case 'timeout':
      entry.approval = 'timeout';
      return {
        code: 'APPROVAL_TIMEOUT',
        message: `No approval for ${tool.name} arrived within ${timeoutMs} ms.`,
        hint: 'Ask the user whether to proceed, then try again.',
        details: { timeoutMs },
      };
    case 'aborted':
      return {
        code: 'ABORTED',
        message: `The call to ${tool.name} was aborted while waiting for approval.`,
      };
  }
}
