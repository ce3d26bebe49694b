/**
 * The JSON shapes `serve`'s HTTP API answers (control API and dashboard routes).
 * @module @openclaw/skill-host/api-types
 */
// One source for both sides: the host builds these values (dashboard-view.ts, the grant
// store, the approval broker, the audit log, the installer) and the dashboard page imports
// the types from here. Type-only: nothing of the host reaches the browser bundle.
export type { ViewAccount, ViewProblem, ViewSkill, ViewTool } from './dashboard-view.js';
export type { Grant, GrantFlow, GrantState } from '../auth/grants.js';
export type { PendingApproval } from './approvals.js';
export type { AuditLine } from '../audit/line.js';
export type { InstallSummary, InstallWarning, SummaryTool } from '../install/types.js';
export type { ApiErrorBody } from './api.js';
export type { ConnectedClient } from './dashboard-replies.js';
export type { ConsentView } from './oauth/consent.js';
export type { StreamEvent } from './events-stream.js';
export type { SessionReply } from './dashboard-session.js';
export type { SkillTrust } from './skill-trust.js';
export type { ProvenanceInfo, SignatureStatus } from '../install/trust-types.js';
export type {
  AccountsReply,
  ApprovalsEvent,
  AuditTailReply,
  AuthEvent,
  ClientsReply,
  ConsentAnswerReply,
  DashboardSkillsReply,
  LoginStartReply,
  LogoutReply,
} from './dashboard-replies.js';
