// OpenTelemetry: one span `tool.call <name>` per call through @opentelemetry/api. Without
// a registered SDK the API hands out non-recording spans, which the router would neither
// record nor make active: then no span is made at all (the API's proxy, tracer and context
// lookups cost more per call than most router stages).
import { context, ProxyTracerProvider, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

const TRACER_NAME = '@openclaw/skill-host';

// Resolved per call through the API's proxy, so an SDK registered after the router was
// created still gets spans.
const tracer = trace.getTracer(TRACER_NAME);

// What the global proxy hands out while no SDK has set a provider.
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/** The call's span; undefined while no SDK is registered (checked per call: one may be later). */
export function startCallSpan(name: string): Span | undefined {
  const provider = trace.getTracerProvider();
  if (provider instanceof ProxyTracerProvider && provider.getDelegate() === NOOP_PROVIDER)
    return undefined;
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
