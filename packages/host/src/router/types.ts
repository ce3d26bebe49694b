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

/** An answer that also says who gave it (shown as the result's `approvedBy` and in the audit). */
export interface ApprovalAnswer {
  approved: boolean;
  /** Who answered: `dashboard`, `mcp-client`, `terminal`, a user id... */
  by?: string;
}

/**
 * true (or `{ approved: true }`) approves, anything else denies; a rejection or no answer in
 * time is APPROVAL_TIMEOUT.
 */
export type ApprovalHandler = (
  req: ApprovalRequest,
) => Promise<boolean | ApprovalAnswer> | boolean | ApprovalAnswer;

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

/** Where a call's tool ran: a runner of the host, or an MCP server. */
export type CallRunner = 'inline' | 'worker' | 'sandbox' | 'mcp';

/**
 * How a call came to run: `auto` (nothing needed a person), `policy` (config
 * approvals.auto lifted a required approval; `approvedBy` names the rule), `user` (a person
 * said yes through an approval handler).
 */
export type CallApproval = 'auto' | 'policy' | 'user';

/** What the router measured and decided; set on every result it returns. */
export interface CallMeta {
  /** Milliseconds from the call's start to its result, on a monotonic clock. */
  durationMs?: number;
  /** Where the tool ran; absent when the call was refused before running. */
  runner?: CallRunner;
  /** Absent when the call was refused before or at approval. */
  approved?: CallApproval;
  /** The config rule that approved it (`approved: "policy"`). */
  approvedBy?: string;
}

export interface CallSuccess extends CallMeta {
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
  /**
   * Set when the result came from outside (docs/untrusted-results.md): `text` (and the text
   * of `content`) is wrapped between markers carrying `nonce`. `structured` is as the tool
   * returned it; treat it as untrusted data too.
   */
  untrusted?: import('./untrusted.js').UntrustedMark;
}

export interface CallFailure extends CallMeta {
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
  /** Where a skill's tools run (the result's `runner`). */
  runnerOf?(skill: import('../catalog/types.js').SkillRecord): CallRunner;
  /** The embedder's hook between the checks and approval (router/before-call.ts). */
  beforeCall?: BeforeCallHook;
}

export interface Router {
  call(call: ToolCall, ctx?: CallContext): Promise<CallResult>;
  callMany(calls: readonly ToolCall[], ctx?: CallContext): Promise<CallResult[]>;
  /** Flushes the audit log. */
  close(): Promise<void>;
}

// The embedder's hook (run in before-call.ts).
export interface BeforeCallInfo {
  /** The call id (the provider's, or the one the router made). */
  id: string;
  /** Canonical tool name (`gmail.send`, `mcp__fs__read_file`). */
  name: string;
  /** The skill (or `mcp__<server>`) the tool belongs to. */
  skill: string;
  /** The validated input with the schema's defaults applied: a copy, yours to read. */
  input: unknown;
  tool: ToolRecord;
}

export type BeforeCallDecision =
  | { allow: true }
  | { allow: false; reason: string }
  /** Run with this input instead; it is checked against the input schema again. */
  | { input: unknown };

export type BeforeCallHook = (
  call: BeforeCallInfo,
  ctx: CallContext,
) => BeforeCallDecision | Promise<BeforeCallDecision>;
