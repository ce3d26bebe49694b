// The tool router: lookup > policy > rate limits and loop detector > input validation (and
// the schema's defaults) > the embedder's beforeCall hook > approval > auth > run > output
// validation > shape (and the untrusted-data markers) > audit. Every call ends in a
// CallResult: refusals and failures are data for the model, never exceptions.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Span } from '@opentelemetry/api';
import { AuditLog, type AuditEntry } from '../audit/index.js';
import {
  DEFAULT_MAX_RESULT_CHARS,
  type CatalogSnapshot,
  type SkillRecord,
} from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { createRedactor, RedactorCache } from '../redact/index.js';
import type { ActiveSkill } from '../runners/types.js';
import { approvalStage, autoApproved, DEFAULT_APPROVAL_TIMEOUT_MS } from './approval.js';
import { Deadlines } from './deadlines.js';
import { failure, type Refusal } from './failure.js';
import { CallLimits, DEFAULT_CONCURRENCY } from './limits-stage.js';
import { isRefusal } from './lookup.js';
import { activationError, activationTimeout, cutMessage, runFailure } from './outcome.js';
import { CallInfo, RunningCall, runTool, within, type RunOutcome, type RunRequest } from './run.js';
import { epochAt } from './clock.js';
import { completeRun } from './complete.js';
import { cappedText } from './shape.js';
import { stateFor, type RouterState, type ToolPlan } from './state.js';
import { endCallSpan, inSpan, startCallSpan } from './telemetry.js';
import type {
  CallApproval,
  CallContext,
  CallResult,
  CallRunner,
  Router,
  RouterDeps,
  ToolCall,
} from './types.js';
import { checkInput, inputCopy } from './validate.js';
import { runBeforeCall, type HookResult } from './before-call.js';
import { readTargetUntrusted } from './untrusted-policy.js';
import type { UntrustedReason } from './untrusted.js';

export { DEFAULT_CONCURRENCY };
/** The first activation of a skill may import a large module: it gets at least this long. */
export const ACTIVATION_TIMEOUT_MS = 30_000;
/** Log lines about failures keep this much of a message or stack. */
const LOG_TEXT_CHARS = 8_000;
const EMPTY_CTX: CallContext = Object.freeze({});
const NO_SECRETS = createRedactor();

export function createRouter(deps: RouterDeps): Router {
  return new ToolRouter(deps);
}

class ToolRouter implements Router {
  readonly #deps: RouterDeps;
  readonly #audit: AuditLog;
  readonly #redactors = new RedactorCache();
  readonly #actives = new WeakMap<SkillRecord, ActiveSkill>();
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

  call(call: ToolCall, ctx: CallContext = EMPTY_CTX): Promise<CallResult> {
    const t0 = performance.now();
    const entry: AuditEntry = {
      time: epochAt(t0),
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
      inputDigest: undefined,
      output: '',
      truncated: false,
      redactor: NO_SECRETS,
    };
    let span: Span | undefined;
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
      // Synchronous up to the tool's own promise: a settled stage costs no microtask hop, and
      // a tool's outcome is completed and recorded in the microtask it arrives in (the
      // pipeline answers finished results, and its promises never reject).
      const result = this.#pipeline({ input: entry.input, ctx, id, name }, { entry, span, t0 });
      return result instanceof Promise ? result : Promise.resolve(result);
    } catch (err) {
      return Promise.resolve(this.#finish(this.#internal(err, entry), { entry, span, t0 }));
    }
  }

  #internal(err: unknown, entry: AuditEntry): CallResult {
    const result = failure({
      id: entry.callId,
      name: entry.tool,
      code: 'INTERNAL',
      message: `The tool router failed unexpectedly: ${cutMessage(err)}`,
      hint: 'This is a bug in the skill host, not in your request; try again once, then tell the user.',
    });
    this.#logFailure('error', entry, result.message, err);
    return result;
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

  #pipeline(req: Asked, call: Open): CallResult | Promise<CallResult> {
    const { input, ctx, id, name } = req;
    const { entry, span } = call;
    // 1. lookup
    const plan = this.#stateNow().plan(name);
    if (isRefusal(plan)) {
      entry.rule = plan.code === 'TOOL_NOT_FOUND' ? 'unknown tool' : 'skill unavailable';
      return this.#finish(refuse(id, name, plan), call);
    }
    const tool = plan.tool;
    entry.tool = tool.name;
    entry.skill = tool.skill;
    entry.version = plan.skill.version;
    entry.maxChars = plan.maxChars;
    if (tool.name !== name && span?.isRecording()) span.updateName(`tool.call ${tool.name}`);

    // 2. policy
    const decision = this.#state!.policy.decide(tool, ctx);
    if (!decision.allowed) {
      entry.rule = decision.rule;
      const denied = failure({
        id,
        name: tool.name,
        code: 'POLICY_DENIED',
        message: `Tool ${tool.name} is not allowed here: ${decision.rule}.`,
        hint:
          decision.layer === 'ctx.policy'
            ? 'Do not retry it; this session does not allow it. Use another tool or tell the user.'
            : `Do not retry it; if the user needs it they can change the policy in ${join(this.#deps.home, 'config.json')} (policy.allow / policy.deny).`,
        details: { rule: decision.rule, layer: decision.layer },
      });
      return this.#finish(denied, call);
    }

    // 3. rate limits and the loop detector
    const limited = this.#limits.check(
      this.#deps.config.limits,
      { tool: tool.name, input, ctx },
      entry,
    );
    let warning: string | undefined;
    if (limited) {
      if ('warning' in limited) warning = limited.warning;
      else return this.#finish(refuse(id, tool.name, limited), call);
    }
    entry.decision = 'allowed';

    // 4. input validation, on a copy that gets the schema's defaults (the audit keeps the
    // input as the model sent it)
    const validators = this.#state!.validators;
    const given = inputCopy(validators, tool, input);
    const invalid = checkInput(tool, validators.input(tool), given);
    if (invalid) return this.#finish(refuse(id, tool.name, invalid), call);

    // 4b. the embedder's hook
    const step: Step = { plan, input: given, ctx, id, call, warning, waited: false };
    const hook = this.#deps.beforeCall;
    if (!hook) return this.#approve(step);
    // The hook reads its own copy: only an answer of { input } changes what runs.
    const info = { id, name: tool.name, skill: tool.skill, input: detached(given), tool };
    const decided = runBeforeCall(hook, info, ctx, tool.timeoutMs);
    if (!(decided instanceof Promise)) return this.#afterHook(decided, step);
    return decided.then(
      (d) => this.#afterHook(d, { ...step, waited: true }),
      (err: unknown) => this.#finish(this.#internal(err, entry), call),
    );
  }

  /** The hook's answer: refused, or on to approval with its input (checked again). */
  #afterHook(d: HookResult, step: Step): CallResult | Promise<CallResult> {
    const { plan, id, call } = step;
    const { entry } = call;
    const tool = plan.tool;
    entry.hook = d.kind;
    if (d.kind === 'denied' || d.kind === 'failed') {
      entry.rule = d.rule;
      return this.#finish(refuse(id, tool.name, d.refusal), call);
    }
    if (d.kind === 'allowed') return this.#approve(step);
    const validators = this.#state!.validators;
    const next = inputCopy(validators, tool, d.input);
    const invalid = checkInput(tool, validators.input(tool), next);
    if (invalid) {
      entry.hook = 'failed';
      entry.rule = 'beforeCall replaced the input with an invalid one';
      return this.#finish(
        refuse(id, tool.name, {
          code: 'HOOK_FAILED',
          message: `The host application's check before ${tool.name} replaced its input with one that is not valid (${invalid.message}), so the call was not run.`,
          hint: 'This is a problem in the application, not in your request; tell the user.',
          ...(invalid.details && { details: invalid.details }),
        }),
        call,
      );
    }
    return this.#approve({ ...step, input: next });
  }

  // 5. approval
  #approve(step: Step): CallResult | Promise<CallResult> {
    const { plan, input, ctx, id, call, waited } = step;
    const { entry } = call;
    const tool = plan.tool;
    if (plan.approval.kind === 'auto') {
      autoApproved(plan.approval, entry);
      call.approved = plan.approval.rule ? 'policy' : 'auto';
      if (plan.approval.rule) call.approvedBy = plan.approval.rule;
      // Nothing waited since the call began: its deadline counts from then (no clock read).
      return this.#runStage(step, waited ? undefined : call.t0);
    }
    return approvalStage({
      need: plan.approval,
      tool,
      input,
      ctx,
      callId: id,
      entry,
      fallback: this.#deps.approve,
      timeoutMs: this.#deps.config.approvals?.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
      onApprover: (by) => {
        call.approvedBy = by;
        entry.approvedBy = by;
      },
    }).then(
      (refused) => {
        if (refused) return this.#finish(refuse(id, tool.name, refused), call);
        call.approved = 'user';
        return this.#runStage(step, undefined);
      },
      (err: unknown) => this.#finish(this.#internal(err, entry), call),
    );
  }

  // 6. auth needs nothing here: the skill's context answers AUTH_REQUIRED, mapped below.
  // 7. run, then 8. output validation and 9. shape (complete.ts).
  #runStage(step: Step, startedAt: number | undefined): CallResult | Promise<CallResult> {
    const { plan, input, call } = step;
    call.runner = this.#deps.runnerOf?.(plan.skill);
    call.wrap =
      plan.wrap === 'by-input'
        ? readTargetUntrusted(this.#snapshot!, this.#deps.config, input)
          ? 'skill-source'
          : undefined
        : plan.wrap;
    const active = this.#actives.get(plan.skill);
    if (active !== undefined) {
      return this.#complete(this.#invoke(active, step, startedAt), step);
    }
    return this.#activateAndRun(step).then(
      (running) => this.#complete(running, step),
      (err: unknown) => this.#finish(this.#internal(err, call.entry), call),
    );
  }

  /** A synchronous outcome (inline runner) completes in this tick; a running call on settling. */
  #complete(running: RunOutcome | RunningCall, step: Step): CallResult | Promise<CallResult> {
    return running instanceof RunningCall
      ? running.settle((o) => this.#completeAndFinish(step, o))
      : this.#completeAndFinish(step, running);
  }

  /** Stages 8 and 9, then the audit line and span: never throws. */
  #completeAndFinish(step: Step, outcome: RunOutcome): CallResult {
    const { call } = step;
    let result: CallResult;
    try {
      result = this.#completeStage(step, outcome);
    } catch (err) {
      result = this.#internal(err, call.entry);
    }
    return this.#finish(result, call, outcome.kind === 'ok' ? outcome.at : undefined);
  }

  #completeStage(step: Step, outcome: RunOutcome): CallResult {
    const { plan, id, call, warning } = step;
    const { entry } = call;
    // The tool may have been handed tokens or keys during the run (ctx.auth): redact them
    // from its result, error and log lines too (a cache hit when nothing new was seen).
    entry.redactor = this.#redactors.get(this.#deps.secretValues());
    if (outcome.kind !== 'ok') {
      const failed = runFailure(plan.tool, outcome);
      if (outcome.kind === 'error' || outcome.kind === 'activation') {
        // Operators see skill failures in the log (redacted); refusals are in the audit.
        const crashed = outcome.kind === 'activation';
        this.#logFailure(crashed ? 'error' : 'warn', entry, failed.message, undefined);
      }
      return refuse(id, plan.tool.name, failed);
    }
    return completeRun({
      plan,
      outcome,
      id,
      redactor: entry.redactor,
      validators: this.#state!.validators,
      warning,
      untrusted: call.wrap,
    });
  }

  #invoke(
    active: ActiveSkill,
    step: Step,
    startedAt: number | undefined,
  ): RunOutcome | RunningCall {
    const { plan, input, ctx, id } = step;
    const span = step.call.span;
    const req: RunRequest = {
      active,
      tool: plan.tool.name,
      input,
      info: new CallInfo(id, ctx.sessionId),
      startedAt,
      timeoutMs: plan.tool.timeoutMs,
      signal: ctx.signal,
      deadlines: this.#deadlines,
    };
    return span?.isRecording() ? inSpan(span, () => runTool(req)) : runTool(req);
  }

  /** The first call of a skill (or after a failed activation): bounded by ACTIVATION_TIMEOUT_MS. */
  async #activateAndRun(step: Step): Promise<RunOutcome | RunningCall> {
    const { plan, ctx } = step;
    const ms = Math.max(plan.tool.timeoutMs, ACTIVATION_TIMEOUT_MS);
    const first = await within(this.#deps.activate(plan.skill), ms, ctx.signal);
    if (first.kind === 'error') return { kind: 'activation', error: activationError(first.error) };
    if (first.kind === 'timeout')
      return { kind: 'activation', error: activationTimeout(plan.skill.name, ms) };
    if (first.kind !== 'ok') return first;
    // Later calls of this record skip the activator (and a hop); a rescan makes new records.
    this.#actives.set(plan.skill, first.value);
    return this.#invoke(first.value, step, undefined);
  }

  /** `endedAt`: performance.now() when the tool returned, if already read. */
  #finish(result: CallResult, call: Open, endedAt?: number): CallResult {
    const { entry, span, t0 } = call;
    try {
      const r = entry.redactor;
      if (result.isError) {
        // An unresolved name is whatever the model sent, so it may hold anything.
        if (entry.skill === undefined) {
          result.name = r.text(result.name);
          entry.tool = r.text(entry.tool);
          if (span?.isRecording()) span.updateName(`tool.call ${entry.tool}`);
        }
        const cap =
          entry.maxChars ?? this.#deps.config.limits?.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
        result.message = cappedText(result.message, cap, r).text;
        if (result.hint !== undefined) result.hint = cappedText(result.hint, cap, r).text;
        if (result.details !== undefined) result.details = r.value(result.details);
        entry.outcome = result.code;
        entry.output = result.message;
      } else {
        entry.output = result.text;
        entry.truncated = result.truncated !== undefined;
      }
      entry.durationMs = (endedAt ?? performance.now()) - t0;
      result.durationMs = Math.round(entry.durationMs * 1000) / 1000;
      if (call.runner !== undefined) result.runner = call.runner;
      if (call.approved !== undefined) result.approved = call.approved;
      if (call.approvedBy !== undefined) result.approvedBy = call.approvedBy;
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
        err === undefined ? undefined : cappedText(stackOf(err), LOG_TEXT_CHARS, r).text;
      this.#deps.logger[level](
        {
          callId: r.text(entry.callId),
          tool: r.text(entry.tool),
          ...(detail !== undefined && { err: detail }),
        },
        cappedText(message, LOG_TEXT_CHARS, r).text,
      );
    } catch {
      // A broken logger must not break calls.
    }
  }
}

function stackOf(err: unknown): string {
  try {
    if (err instanceof Error && typeof err.stack === 'string') return err.stack;
  } catch {
    // A throwing getter: fall back to the message.
  }
  return cutMessage(err);
}

/** A call between the router's start and its finish: what finishing it needs. */
interface Open {
  entry: AuditEntry;
  span: Span | undefined;
  /** performance.now() at the start: durations use this monotonic clock. */
  t0: number;
  /** Set as the call passes the stages, for the result's metadata. */
  runner?: CallRunner | undefined;
  approved?: CallApproval | undefined;
  approvedBy?: string | undefined;
  wrap?: UntrustedReason | undefined;
}

/** What the caller asked for, once its id and name are read. */
interface Asked {
  /** As the model sent it (the audit keeps this one). */
  input: unknown;
  ctx: CallContext;
  id: string;
  name: string;
}

/** A call past validation, on its way to approval and the run. */
interface Step {
  plan: ToolPlan;
  /** The checked input the tool gets (defaults applied, or the hook's). */
  input: unknown;
  ctx: CallContext;
  id: string;
  call: Open;
  warning: string | undefined;
  /** Something was awaited since the call began (its deadline then counts from the run). */
  waited: boolean;
}

/** A copy for a reader that must not change the original; a value that cannot be cloned as is. */
function detached(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

function refuse(id: string, name: string, r: Refusal): CallResult {
  return failure({ ...r, id, name });
}
