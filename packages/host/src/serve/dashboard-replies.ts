// The JSON bodies of the dashboard's routes and events, named so the page imports them
// (through api-types) instead of restating them; the routes build them with `satisfies`
// (the audit tail passes the log's own lines through), so a change of shape fails the type
// check on both sides.
import type { AuditLine } from '../audit/line.js';
import type { PendingApproval } from './approvals.js';
import type { ViewAccount, ViewSkill } from './dashboard-view.js';

/** A client a user logged in on the dashboard (the Clients page). */
export interface ConnectedClient {
  id: string;
  clientName: string;
  clientId: string;
  resource: string;
  /** ISO time of the consent. */
  connectedAt: string;
  /** ISO time of its last token use. */
  lastUsedAt: string;
}

/** `GET /api/dashboard/skills`. */
export interface DashboardSkillsReply {
  /** The catalog snapshot the view was computed from. */
  version: number;
  skills: ViewSkill[];
}

/** `GET /api/dashboard/accounts`. */
export interface AccountsReply {
  accounts: ViewAccount[];
}

/** `POST /api/dashboard/auth/login`: the provider's authorize URL to open. */
export interface LoginStartReply {
  url: string;
}

/** `POST /api/dashboard/auth/logout`: one result per grant removed. */
export interface LogoutReply {
  results: { grant: string; revoked: boolean; error?: string }[];
}

/** `GET /api/dashboard/logins`. */
export interface ClientsReply {
  clients: ConnectedClient[];
}

/** `POST /api/dashboard/logins/consent/<id>`: where the browser goes next. */
export interface ConsentAnswerReply {
  redirect: string;
}

/** `GET /api/audit?tail=N`: the last lines of the audit log, as the host wrote them. */
export interface AuditTailReply {
  entries: AuditLine[];
}

/** The `approvals` event, and `GET /api/approvals`. */
export interface ApprovalsEvent {
  pending: PendingApproval[];
}

/** The `auth` event: an account connected, failed to connect, or was disconnected. */
export interface AuthEvent {
  skill: string;
  provider?: string;
  /** The account now connected. */
  connected?: string;
  /** Why connecting failed. */
  error?: string;
  /** How many grants a disconnect removed. */
  disconnected?: number;
}
