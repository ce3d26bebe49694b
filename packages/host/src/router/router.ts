// The tool router: lookup > policy > rate limits and loop detector > input validation >
// approval > auth > run > output validation > shape > audit. Every call ends in a
// CallResult: refusals and failures are data for the model, never exceptions.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Span } from '@opentelemetry/api';
import { AuditLog, type AuditEntry } from '../audit/index.js';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { createRedactor, RedactorCache } from '../redact/index.js';
import type { ActiveSkill } from '../runners/types.js';
import { approvalStage, DEFAULT_APPROVAL_TIMEOUT_MS } from './approval.js';
import { Deadlines } from './deadlines.js';
import { failure, type Refusal } from './failure.js';
import { CallLimits, DEFAULT_CONCURRENCY } from './limits-stage.js';
import { isRefusal } from './lookup.js';
import { ActivationError, activationError, activationTimeout, runFailure } from './outcome.js';
import { CallInfo, runTool, within, type RunOutcome } from './run.js';
import { shapeResult } from './shape.js';
import { stateFor, type RouterState, type ToolPlan } from './state.js';
import { endCallSpan, inSpan, startCallSpan } from './telemetry.js';
import type {
  CallContext,
  CallResult,
  CallSuccess,
  Router,
  RouterDeps,
  ToolCall,
} from './types.js';
import { checkInput, checkOutput } from './validate.js';

export { DEFAULT_CONCURRENCY };
/** The first activation of a skill may import a large module: it gets at least this long. */
export const ACTIVATION_TIMEOUT_MS = 30_000;
const EMPTY_CTX: CallContext = Object.freeze({});
const NO_SECRETS = createRedactor();

export function createRouter(deps: RouterDeps): Router {
  return new ToolRouter(deps);
}

class ToolRouter implements Router {
  readonly #deps: RouterDeps;
  readonly #audit: AuditLog;
  readonly #redactors = new RedactorCache();
  readonly #activated = new WeakSet<SkillRecord>();
  readonly #deadlines = new Deadlines();
  // Call ids: unique per router without the cost of a UUID per call.
  readonly #idPrefix = `call_${randomBytes(6).toString('hex')}_`;
  #idCounter = 0;
  #snapshot: CatalogSnapshot | undefined;
  #config: HostConfig | undefined;
  #state: RouterState | undefined;
  readonly #limits = new CallLimits();

  constructor(deps: RouterDeps) {
    this.#deps = deps;
    this.#audit = new AuditLog({
      file: join(deps.home, 'audit.jsonl'),
      logger: deps.logger,
      enabled: deps.config.audit?.enabled,
      fullInputs: deps.config.audit?.fullInputs,
    });
  }

  async call(call: ToolCall, ctx: CallContext = EMPTY_CTX): Promise<CallResult> {
    const t0 = performance.now();
    const entry: AuditEntry = {
      time: Date.now(),
      callId: '',
      tool: '',
      skill: undefined,
      version: undefined,
      agentId: ctx?.agentId,
      sessionId: ctx?.sessionId,
      decision: 'denied',
      rule: undefined,
      approval: undefined,
      durationMs: 0,
      outcome: 'ok',
      input: undefined,
      inputJson: undefined,
      output: '',
      truncated: false,
      redactor: NO_SECRETS,
    };
    let span: Span | undefined;
    let result: CallResult;
    try {
      ctx ??= EMPTY_CTX;
      const given = typeof call?.id === 'string' && call.id !== '';
      const id = given ? call.id! : this.#idPrefix + (++this.#idCounter).toString(36);
      if (!given) entry.callIdGenerated = true;
      const name = typeof call?.name === 'string' ? call.name : '';
      entry.callId = id;
      entry.tool = name;
      entry.input = call?.input;
      span = startCallSpan(name);
      entry.redactor = this.#redactors.get(this.#deps.secretValues());
      result = await this.#pipeline(entry.input, ctx, id, name, entry, span);
    } catch (err) {
      result = failure(
        entry.callId,
        entry.tool,
        'INTERNAL',
        `The tool router failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`,
        'This is a bug in the skill host, not in your request; try again once, then tell the user.',
      );
      this.#logFailure('error', entry, result.message, err);
    }
    return this.#finish(result, entry, span, t0);
  }

  async callMany(calls: readonly ToolCall[], ctx: CallContext = EMPTY_CTX): Promise<CallResult[]> {
    const list = Array.isArray(calls) ? calls : [];
    const results = new Array<CallResult>(list.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < list.length) {
        const i = next++;
        results[i] = await this.call(list[i]!, ctx);
      }
    };
    let concurrency = DEFAULT_CONCURRENCY;
    try {
      concurrency = this.#limits.concurrency(this.#deps.config.limits);
    } catch {
      // A config that cannot be read fails each call as INTERNAL; the batch still answers.
    }
    const width = Math.min(concurrency, list.length);
    const workers: Promise<void>[] = [];
    for (let w = 0; w < width; w++) workers.push(worker());
    await Promise.all(workers);
    return results;
  }

  close(): Promise<void> {
    return this.#audit.close();
  }

  async #pipeline(
    input: unknown,
    ctx: CallContext,
    id: string,
    name: string,
    entry: AuditEntry,
    span: Span,
  ): Promise<CallResult> {
    // 1. lookup
    const plan = this.#stateNow().plan(name);
    if (isRefusal(plan)) {
      entry.rule = plan.code === 'TOOL_NOT_FOUND' ? 'unknown tool' : 'skill unavailable';
      return refuse(id, name, plan);
    }
    const tool = plan.tool;
    entry.tool = tool.name;
    entry.skill = tool.skill;
    entry.version = plan.skill.version;
    if (tool.name !== name && span.isRecording()) span.updateName(`tool.call ${tool.name}`);

    // 2. policy
    const decision = this.#state!.policy.decide(tool, ctx);
    if (!decision.allowed) {
      entry.rule = decision.rule;
      return failure(
        id,
        tool.name,
        'POLICY_DENIED',
        `Tool ${tool.name} is not allowed here: ${decision.rule}.`,
        decision.layer === 'ctx.policy'
          ? 'Do not retry it; this session does not allow it. Use another tool or tell the user.'
          : `Do not retry it; if the user needs it they can change the policy in ${join(this.#deps.home, 'config.json')} (policy.allow / policy.deny).`,
        { rule: decision.rule, layer: decision.layer },
      );
    }

    // 3. rate limits and the loop detector
    const limited = this.#limits.check(this.#deps.config.limits, tool.name, input, ctx, entry);
    if (limited) return refuse(id, tool.name, limited);
    entry.decision = 'allowed';

    // 4. input validation
    const invalid = checkInput(tool, this.#state!.validators.input(tool), input);
    if (invalid) return refuse(id, tool.name, invalid);

    // 5. approval
    const refused = await approvalStage(
      plan.approval,
      tool,
      input,
      ctx,
      id,
      entry,
      this.#deps.approve,
      this.#deps.config.approvals?.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    );
    if (refused) return refuse(id, tool.name, refused);

    // 6. auth needs nothing here: the skill's context answers AUTH_REQUIRED, mapped below.
    // 7. run
    const outcome = await this.#run(plan, input, ctx, id, span);
    // The tool may have been handed tokens or keys during the run (ctx.auth): redact them
    // from its result, error and log lines too (a cache hit when nothing new was seen).
    entry.redactor = this.#redactors.get(this.#deps.secretValues());
    if (outcome.kind !== 'ok') {
      const failed = runFailure(tool, outcome);
      if (outcome.kind === 'error') {
        // Operators see skill failures in the log (redacted); refusals are in the audit.
        const crashed = outcome.error instanceof ActivationError;
        this.#logFailure(crashed ? 'error' : 'warn', entry, failed.message, undefined);
      }
      return refuse(id, tool.name, failed);
    }

    // 8. output validation
    const value = outcome.value;
    if (typeof value !== 'string' && value !== undefined) {
      const bad = checkOutput(tool, this.#state!.validators.output(tool), value);
      if (bad) return refuse(id, tool.name, bad);
    }

    // 9. shape
    let shaped;
    try {
      shaped = shapeResult(value, plan.maxChars, entry.redactor);
    } catch (err) {
      return refuse(id, tool.name, {
        code: 'SKILL_ERROR',
        message: `${tool.name} returned a value that cannot be sent as JSON: ${err instanceof Error ? err.message : String(err)}`,
        hint: 'This is a bug in the skill; do not retry the same call.',
      });
    }
    const ok: CallSuccess = { id, name: tool.name, isError: false, text: shaped.text };
    if (shaped.structured !== undefined) ok.structured = shaped.structured;
    if (shaped.truncated) ok.truncated = shaped.truncated;
    return ok;
  }

  async #run(
    plan: ToolPlan,
    input: unknown,
    ctx: CallContext,
    id: string,
    span: Span,
  ): Promise<RunOutcome> {
    let active: ActiveSkill;
    if (this.#activated.has(plan.skill)) {
      try {
        active = await this.#deps.activate(plan.skill);
      } catch (error) {
        return { kind: 'error', error: activationError(error) };
      }
    } else {
      const first = await within(
        this.#deps.activate(plan.skill),
        Math.max(plan.tool.timeoutMs, ACTIVATION_TIMEOUT_MS),
        ctx.signal,
      );
      if (first.kind === 'error') return { kind: 'error', error: activationError(first.error) };
      if (first.kind === 'timeout') {
        const ms = Math.max(plan.tool.timeoutMs, ACTIVATION_TIMEOUT_MS);
        return { kind: 'error', error: activationTimeout(plan.skill.name, ms) };
      }
      if (first.kind !== 'ok') return first;
      active = first.value;
      this.#activated.add(plan.skill);
    }
    const info = new CallInfo(id, ctx.sessionId);
    return inSpan(span, () =>
      runTool(
        active,
        plan.tool.name,
        input,
        info,
        plan.tool.timeoutMs,
        ctx.signal,
        this.#deadlines,
      ),
    );
  }

  #finish(result: CallResult, entry: AuditEntry, span: Span | undefined, t0: number): CallResult {
    try {
      const r = entry.redactor;
      if (result.isError) {
        // An unresolved name is whatever the model sent, so it may hold anything.
        if (entry.skill === undefined) {
          result.name = r.text(result.name);
          entry.tool = r.text(entry.tool);
          if (span?.isRecording()) span.updateName(`tool.call ${entry.tool}`);
        }
        result.message = r.text(result.message);
        if (result.hint !== undefined) result.hint = r.text(result.hint);
        if (result.details !== undefined) result.details = r.value(result.details);
        entry.outcome = result.code;
        entry.output = result.message;
      } else {
        entry.output = result.text;
        entry.truncated = result.truncated !== undefined;
      }
      entry.durationMs = performance.now() - t0;
      this.#audit.record(entry);
      if (span) {
        endCallSpan(span, {
          tool: entry.tool,
          skill: entry.skill,
          callId: entry.callId,
          outcome: entry.outcome,
          durationMs: entry.durationMs,
          truncated: entry.truncated,
          sessionId: entry.sessionId,
          agentId: entry.agentId,
        });
      }
    } catch (err) {
      this.#logFailure('error', entry, 'Recording a tool call failed', err);
    }
    return result;
  }

  #stateNow(): RouterState {
    const snapshot = this.#deps.snapshot();
    const config = this.#deps.config;
    if (snapshot !== this.#snapshot || config !== this.#config || !this.#state) {
      this.#state = stateFor(snapshot, config);
      this.#snapshot = snapshot;
      if (config !== this.#config) {
        this.#config = config;
        this.#audit.configure({
          enabled: config.audit?.enabled,
          fullInputs: config.audit?.fullInputs,
        });
      }
    }
    return this.#state;
  }

  #logFailure(level: 'warn' | 'error', entry: AuditEntry, message: string, err: unknown): void {
    try {
      const r = entry.redactor;
      const detail =
        err === undefined
          ? undefined
          : r.text(err instanceof Error ? (err.stack ?? err.message) : String(err));
      this.#deps.logger[level](
        {
          callId: r.text(entry.callId),
          tool: r.text(entry.tool),
          ...(detail !== undefined && { err: detail }),
        },
        r.text(message),
      );
    } catch {
      // A broken logger must not break calls.
    }
  }
}

function refuse(id: string, name: string, r: Refusal): CallResult {
  return failure(id, name, r.code, r.message, r.hint, r.details);
}
