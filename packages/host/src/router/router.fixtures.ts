// Test harness for the router: a snapshot of hand-written records, a fake `activate` whose
// ActiveSkill runs plain functions (the real runners are tested on their own), a logger
// that keeps what it is told, and the audit file in a temporary home. Not public API.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolCallInfo } from '@openclaw/skill-sdk';
import { memoryLogger, type LogRecord } from '@openclaw/skill-sdk/testing';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import type { ActiveSkill } from '../runners/types.js';
import type { AuditLine } from '../audit/index.js';
import { snapshotOf } from '../testing/records.js';
import { createRouter } from './router.js';
import type { ApprovalHandler, Router, RouterDeps } from './types.js';

export type ToolFn = (input: unknown, call: ToolCallInfo) => unknown;

export type { LogRecord };

export interface HarnessOptions {
  skills: SkillRecord[];
  /** Implementations by canonical tool name. */
  tools?: Record<string, ToolFn>;
  config?: HostConfig;
  approve?: ApprovalHandler;
  secrets?: string[];
  /** Replaces the fake activation (e.g. one that fails). */
  activate?: RouterDeps['activate'];
  home?: string;
  /** The fake runner also offers invokeNow, as the inline runner does (synchronous tools). */
  sync?: boolean;
  beforeCall?: RouterDeps['beforeCall'];
  runnerOf?: RouterDeps['runnerOf'];
}

export interface Harness {
  router: Router;
  deps: RouterDeps;
  home: string;
  logs: LogRecord[];
  /** Every invoke the fake runner saw. */
  invoked: { tool: string; input: unknown; call: ToolCallInfo }[];
  activations: number;
  /** Flushes the audit log and reads its lines. */
  auditLines(): Promise<AuditLine[]>;
  setSnapshot(s: CatalogSnapshot): void;
}

/** Records log calls (the SDK's test logger). */
export const captureLogger = memoryLogger;

export async function harness(opts: HarnessOptions): Promise<Harness> {
  const home = opts.home ?? (await mkdtemp(join(tmpdir(), 'router-test-')));
  const logs: LogRecord[] = [];
  const invoked: Harness['invoked'] = [];
  let snapshot = snapshotOf(opts.skills);
  const tools = opts.tools ?? {};
  const h = { activations: 0 } as Harness;
  const activate: RouterDeps['activate'] =
    opts.activate ??
    (async (skill) => {
      h.activations++;
      const invokeNow = (tool: string, input: unknown, call: ToolCallInfo): unknown => {
        invoked.push({ tool, input, call });
        const fn = tools[tool];
        if (!fn) throw new Error(`no implementation for ${tool} in this test`);
        return fn(input, call);
      };
      const active: ActiveSkill = {
        skill: skill.name,
        version: skill.version,
        async invoke(tool, input, call) {
          return invokeNow(tool, input, call);
        },
        ...(opts.sync && { invokeNow }),
        async dispose() {},
      };
      return active;
    });
  const secrets = opts.secrets ?? [];
  const deps: RouterDeps = {
    snapshot: () => snapshot,
    activate,
    home,
    config: opts.config ?? {},
    logger: captureLogger(logs),
    secretValues: () => secrets,
    ...(opts.approve && { approve: opts.approve }),
    ...(opts.beforeCall && { beforeCall: opts.beforeCall }),
    ...(opts.runnerOf && { runnerOf: opts.runnerOf }),
  };
  const router = createRouter(deps);
  return Object.assign(h, {
    router,
    deps,
    home,
    logs,
    invoked,
    setSnapshot: (s: CatalogSnapshot) => {
      snapshot = s;
    },
    async auditLines() {
      await router.close();
      let text = '';
      try {
        text = await readFile(join(home, 'audit.jsonl'), 'utf8');
      } catch {
        return [];
      }
      return text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as AuditLine);
    },
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
