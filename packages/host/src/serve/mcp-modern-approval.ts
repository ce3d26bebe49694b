// Approvals in the 2026-07-28 revision, where a server cannot send the client a request of its
// own: a call that needs approval answers `input_required` with an embedded elicitation, and
// the client's retry carries the user's answer in `inputResponses`. The retry also echoes a
// `requestState` minted here, an HMAC over the tool and its input, so an answer only approves
// the exact call it was asked for (the state travels through the client: never trust it raw).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  inputRequired,
  inputResponse,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { SkillError } from '@openclaw/skill-sdk';
import type { ApprovalHandler, ApprovalRequest } from '../router/types.js';

/** The key of the embedded elicitation in `inputRequests` / `inputResponses`. */
export const APPROVAL_INPUT_KEY = 'approve';

// One key per process: state minted before a restart no longer verifies, and the client is
// simply asked again.
const STATE_KEY = randomBytes(32);

export interface ModernApprovalInput {
  /** The tool call as the client sent it (its wire name and arguments). */
  call: { name: string; arguments?: Record<string, unknown> };
  /** Whether the request's client capabilities include elicitation. */
  canAsk: boolean;
  /** The retried request's `inputResponses`, if any. */
  inputResponses: Record<string, unknown> | undefined;
  /** The retried request's raw `requestState`, if any. */
  requestState: unknown;
}

export interface ModernApproval {
  /** The call's approval handler; undefined when the client cannot be asked. */
  approve?: ApprovalHandler;
  /** After the call: the `input_required` result to send when the call asked for approval. */
  pending(): InputRequiredResult | undefined;
}

/** Decides how one stateless `tools/call` gets (or asks for) its approval. */
export function modernApproval(input: ModernApprovalInput): ModernApproval {
  const state = mintState(input.call);
  const answer = inputResponse(input.inputResponses, APPROVAL_INPUT_KEY);
  if (answer.kind === 'elicit' && sameState(input.requestState, state)) {
    const approved = answer.action === 'accept' && answer.content?.approve === true;
    return { approve: () => ({ approved, by: 'mcp-client' }), pending: () => undefined };
  }
  if (!input.canAsk) return { pending: () => undefined };
  let asked: ApprovalRequest | undefined;
  return {
    // The router asks once; this round ends as "approval required" (so the audit records the
    // call as awaiting approval, not denied) and the result goes out as `input_required`
    // instead: the client's retry with the user's answer decides.
    approve: (req) => {
      asked = req;
      throw new SkillError(
        'APPROVAL_REQUIRED',
        `Asking the MCP client to approve ${req.tool.name} (input_required).`,
      );
    },
    pending: () => (asked ? askFor(asked, state) : undefined),
  };
}

function askFor({ tool, input, reason }: ApprovalRequest, state: string): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      [APPROVAL_INPUT_KEY]: inputRequired.elicit({
        message: `${tool.name} needs your approval (${reason}).\nInput: ${JSON.stringify(input, null, 2)}`,
        requestedSchema: {
          type: 'object',
          properties: { approve: { type: 'boolean', title: `Run ${tool.name}?` } },
          required: ['approve'],
        },
      }),
    },
    requestState: state,
  });
}

function mintState(call: ModernApprovalInput['call']): string {
  return createHmac('sha256', STATE_KEY)
    .update(JSON.stringify([call.name, call.arguments ?? {}]))
    .digest('base64url');
}

function sameState(received: unknown, expected: string): boolean {
  if (typeof received !== 'string' || received.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(received), Buffer.from(expected));
}
