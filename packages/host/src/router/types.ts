// What callers of host.call/callMany see. Results "fail open to the model": every refusal
// or failure is a CallResult with isError, never an exception through the agent loop.
import type { ErrorCode } from '@openclaw/skill-sdk';
import type { ToolRecord } from '../catalog/types.js';

export interface ToolCall {
  /** Canonical (`gmail.list`) or wire (`gmail_list`) name. */
  name: string;
  input: unknown;
  /** The provider's call id (tool_use id, call_id); generated when absent. */
  id?: string;
}

export interface ApprovalRequest {
  callId: string;
  tool: ToolRecord;
  input: unknown;
  reason: string;
  ctx: CallContext;
}

/** true approves, false denies; a rejection or no answer in time is APPROVAL_TIMEOUT. */
export type ApprovalHandler = (req: ApprovalRequest) => Promise<boolean> | boolean;

export interface CallContext {
  agentId?: string;
  sessionId?: string;
  /** Whether the sender is the agent's owner (ownerOnly tools need it). */
  isOwner?: boolean;
  /** Subagents get the fixed subagent deny list. */
  isSubagent?: boolean;
  signal?: AbortSignal;
  /** Per-call approval handler; overrides the host's. */
  approve?: ApprovalHandler;
  /** Session-level policy, the last and strongest layer. */
  policy?: { allow?: string[]; deny?: string[]; profile?: string };
}

export interface CallSuccess {
  id: string;
  /** Canonical tool name (the requested name when lookup failed). */
  name: string;
  isError: false;
  /** Text for the model (JSON text when the tool returned a value). */
  text: string;
  /** The tool's JSON value, when it returned one. */
  structured?: unknown;
  truncated?: { originalChars: number; keptChars: number };
}

export interface CallFailure {
  id: string;
  name: string;
  isError: true;
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}

export type CallResult = CallSuccess | CallFailure;
