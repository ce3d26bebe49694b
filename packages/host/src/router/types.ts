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
  /** An MCP server tool's content blocks (text, images, resources), when not only text. */
  content?: import('../mcp-client/content.js').ContentBlock[];
  /** Said to the model (also at the end of `text`): e.g. that it is repeating a call. */
  warning?: string;
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

/** What the router needs from the host; the host wires these in createSkillHost. */
export interface RouterDeps {
  /** The current snapshot (read at the start of each call). */
  snapshot(): import('../catalog/types.js').CatalogSnapshot;
  /** The loaded generation of a ready code skill (the host activates lazily and caches). */
  activate(
    skill: import('../catalog/types.js').SkillRecord,
  ): Promise<import('../runners/types.js').ActiveSkill>;
  /** The host home folder (audit log at <home>/audit.jsonl). */
  home: string;
  config: import('../config/schema.js').HostConfig;
  /** Host-level approval handler (library callback, or the CLI's prompt). */
  approve?: ApprovalHandler;
  logger: import('@openclaw/skill-sdk').Logger;
  /** Known secret values to redact from results, logs and audit (API keys, tokens). */
  secretValues(): Iterable<string>;
}

export interface Router {
  call(call: ToolCall, ctx?: CallContext): Promise<CallResult>;
  callMany(calls: readonly ToolCall[], ctx?: CallContext): Promise<CallResult[]>;
  /** Flushes the audit log. */
  close(): Promise<void>;
}
