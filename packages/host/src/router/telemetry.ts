// OpenTelemetry: one span `tool.call <name>` per call through @opentelemetry/api. Without
// a registered SDK the API hands out non-recording spans, so attributes are only built
// when the span records.
import { context, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

const TRACER_NAME = '@openclaw/skill-host';

// Resolved per call through the API's proxy, so an SDK registered after the router was
// created still gets spans.
const tracer = trace.getTracer(TRACER_NAME);

export function startCallSpan(name: string): Span {
  return tracer.startSpan(`tool.call ${name}`);
}

/** Runs fn with the span active, so spans the skill makes nest under the call's span. */
export function inSpan<T>(span: Span, fn: () => T): T {
  return span.isRecording() ? context.with(trace.setSpan(context.active(), span), fn) : fn();
}

export interface SpanFacts {
  tool: string;
  skill?: string | undefined;
  callId: string;
  outcome: string;
  durationMs: number;
  truncated: boolean;
  sessionId?: string | undefined;
  agentId?: string | undefined;
}

export function endCallSpan(span: Span, facts: SpanFacts): void {
  if (span.isRecording()) {
    span.setAttribute('tool.name', facts.tool);
    if (facts.skill !== undefined) span.setAttribute('tool.skill', facts.skill);
    span.setAttribute('tool.call_id', facts.callId);
    span.setAttribute('tool.outcome', facts.outcome);
    span.setAttribute('tool.duration_ms', facts.durationMs);
    span.setAttribute('tool.truncated', facts.truncated);
    if (facts.sessionId !== undefined) span.setAttribute('session.id', facts.sessionId);
    if (facts.agentId !== undefined) span.setAttribute('agent.id', facts.agentId);
    span.setStatus(
      facts.outcome === 'ok'
        ? { code: SpanStatusCode.OK }
        : { code: SpanStatusCode.ERROR, message: facts.outcome },
    );
  }
  span.end();
}
