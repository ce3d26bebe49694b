// Without an OpenTelemetry SDK the router makes no span at all; an SDK registered after the
// router was created gets a span per call from then on, and none once it is gone again.
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

afterEach(() => {
  trace.disable();
});

describe('spans and a late SDK', () => {
  it('calls before an SDK is registered and after it is disabled make no span; calls in between make one each', async () => {
    const h = await harness({
      skills: [skillRecord({ name: 'geo', tools: ['geo.find'] })],
      tools: { 'geo.find': () => 'found' },
    });
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    expect(await h.router.call({ name: 'geo.find', input: {} })).toMatchObject({ isError: false });

    trace.setGlobalTracerProvider(provider);
    await h.router.call({ name: 'geo.find', input: {} });
    await h.router.call({ name: 'geo.find', input: {} });
    trace.disable();
    expect(await h.router.call({ name: 'geo.find', input: {} })).toMatchObject({ isError: false });

    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual([
      'tool.call geo.find',
      'tool.call geo.find',
    ]);
    await provider.shutdown();
  });
});
