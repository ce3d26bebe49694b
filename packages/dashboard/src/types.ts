// The shapes serve's dashboard routes answer (packages/host/src/serve/dashboard-api.ts).

export interface DashProblem {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  file: string;
  line?: number;
  field?: string;
  hint: string;
}

export interface DashTool {
  name: string;
  title?: string;
  description: string;
  annotations?: Record<string, unknown>;
  approval: 'auto' | 'ask' | 'deny';
  approvalWhy?: string;
  auth?: { provider: string; scopes: string[] };
}

export interface DashSkill {
  name: string;
  displayName?: string;
  description: string;
  version: string;
  status: 'ready' | 'disabled' | 'ineligible' | 'invalid' | 'needs-login';
  source: string;
  dir: string;
  runner?: string;
  shadowedBy?: string;
  installed: boolean;
  login?: string;
  problems: DashProblem[];
  tools: DashTool[];
}

export interface Grant {
  id: string;
  skill: string;
  provider: string;
  account: string;
  scopes: string[];
  state: string;
  flow: string;
  expiresAt?: number;
  reason?: string;
  updatedAt: number;
}

export interface Account {
  skill: string;
  key: string;
  provider: string;
  scopes: string[];
  missing: string[];
  needsLogin: boolean;
  grants: Grant[];
}

export interface PendingApproval {
  id: string;
  tool: string;
  skill: string;
  reason: string;
  input: unknown;
  sessionId?: string;
  since: number;
}

export interface AuditLine {
  time: string;
  callId: string;
  tool: string;
  skill?: string;
  sessionId?: string;
  decision: string;
  approval?: string;
  durationMs: number;
  outcome: string;
}

export interface InstallSummary {
  name: string;
  package: string;
  version: string;
  previousVersion?: string;
  description: string;
  resolved: string;
  integrity: string;
  tools: { name: string; description: string; approval?: string; destructive?: boolean }[];
  permissions: { network: string[]; env: string[]; fs: string };
  scopes: Record<string, string[]>;
  scripts: string[];
  warnings: { code: string; message: string; file?: string }[];
}
