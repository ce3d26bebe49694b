// OpenTelemetry: a span `tool.call <name>` per call with tool, skill, outcome and duration,
// checked with the SDK's in-memory exporter.
import {
  context,
  ROOT_CONTEXT,
  trace,
  type Context,
  type ContextManager,
} from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

// A synchronous context manager (a Node SDK registers an AsyncLocalStorage one): enough to
// see that the router runs the tool with its span active.
class StackContextManager implements ContextManager {
  #stack: Context[] = [];
  active(): Context {
    return this.#stack[this.#stack.length - 1] ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    this.#stack.push(ctx);
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.#stack.pop();
    }
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.#stack = [];
    return this;
  }
}

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  context.setGlobalContextManager(new StackContextManager());
  trace.setGlobalTracerProvider(provider);
});
afterAll(async () => {
  trace.disable();
  context.disable();
  await provider.shutdown();
});

describe('spans', () => {
  it('one span per call with attributes, error status for failures, skill spans nested', async () => {
    const h = await harness({
      skills: [skillRecord({ name: 'geo', tools: ['geo.find', 'geo.fail'] })],
      tools: {
        'geo.find': () => {
          // A span the skill makes is a child of the call's span.
          trace.getTracer('skill').startSpan('skill.inner').end();
          return 'found';
        },
        'geo.fail': () => {
          throw new Error('no map');
        },
      },
    });
    await h.router.call({ name: 'geo_find', input: {} });
    await h.router.call({ name: 'geo.fail', input: {} });
    await h.router.call({ name: 'geo.lost', input: {} });
    const spans = exporter.getFinishedSpans();
    const call = spans.filter((s) => s.name.startsWith('tool.call '));
    expect(call.map((s) => s.name)).toEqual([
      'tool.call geo.find',
      'tool.call geo.fail',
      'tool.call geo.lost',
    ]);
    expect(call[0]!.attributes).toMatchObject({
      'tool.name': 'geo.find',
      'tool.skill': 'geo',
      'tool.outcome': 'ok',
    });
    expect(call[0]!.attributes['tool.duration_ms']).toEqual(expect.any(Number));
    expect(call[0]!.status.code).toBe(1); // OK
    expect(call[1]!.attributes['tool.outcome']).toBe('SKILL_ERROR');
    expect(call[1]!.status).toMatchObject({ code: 2, message: 'SKILL_ERROR' });
    expect(call[2]!.attributes['tool.outcome']).toBe('TOOL_NOT_FOUND');
    const inner = spans.find((s) => s.name === 'skill.inner')!;
    expect(inner.parentSpanContext?.spanId).toBe(call[0]!.spanContext().spanId);
  });
});
