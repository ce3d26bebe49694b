import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toolDefinitions } from '../formats/definitions.js';
import type { CallContext, CallResult, ToolCall } from '../router/types.js';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { aiSdkTools, type AiSdkHost } from './ai-sdk.js';

const forecastSchema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
} as const;
const snap = snapshotOf([
  skillRecord({
    name: 'weather',
    tools: [
      {
        name: 'weather.forecast',
        description: 'Forecast for a city.',
        inputSchema: forecastSchema,
      },
      { name: 'weather.alerts', description: 'Weather alerts.' },
    ],
  }),
]);

/** A host as the adapter sees it: definitions from a real snapshot, calls recorded. */
function fakeHost(answer: (call: ToolCall) => CallResult) {
  const calls: { call: ToolCall; ctx: CallContext | undefined }[] = [];
  const host: AiSdkHost = {
    tools: { definitions: (format) => toolDefinitions(snap, format) },
    async call(call, ctx) {
      calls.push({ call, ctx });
      return answer(call);
    },
  };
  return { host, calls };
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe('aiSdkTools', () => {
  it('builds real ai tool objects keyed by wire name whose execute goes through host.call', async () => {
    const { host, calls } = fakeHost((c) => ({
      id: c.id!,
      name: 'weather.forecast',
      isError: false,
      text: '{"temp":21}',
      structured: { temp: 21 },
    }));
    const tools = aiSdkTools(host, { sessionId: 's1', isOwner: true });
    expect(Object.keys(tools)).toEqual(['weather_alerts', 'weather_forecast']);
    const forecast = tools.weather_forecast!;
    expect(forecast.description).toBe('Forecast for a city.');
    // jsonSchema() wraps the tool's own schema for the AI SDK.
    expect(await (forecast.inputSchema as { jsonSchema: unknown }).jsonSchema).toEqual(
      forecastSchema,
    );
    const result = (await forecast.execute!(
      { city: 'Paris' },
      { toolCallId: 'tc_1', messages: [] },
    )) as CallResult;
    expect(result).toMatchObject({ isError: false, structured: { temp: 21 } });
    expect(calls).toEqual([
      {
        call: { name: 'weather.forecast', input: { city: 'Paris' }, id: 'tc_1' },
        ctx: { sessionId: 's1', isOwner: true },
      },
    ]);
    expect(
      await forecast.toModelOutput!({
        toolCallId: 'tc_1',
        input: { city: 'Paris' },
        output: result,
      }),
    ).toEqual({
      type: 'json',
      value: { temp: 21 },
    });
  });

  it('passes the run abort signal along with the caller context', async () => {
    const { host, calls } = fakeHost((c) => ({
      id: c.id!,
      name: c.name,
      isError: false,
      text: 'ok',
    }));
    const mine = new AbortController();
    const run = new AbortController();
    await aiSdkTools(host, { signal: mine.signal }).weather_alerts!.execute!(
      {},
      { toolCallId: 't', messages: [], abortSignal: run.signal },
    );
    const signal = calls[0]!.ctx!.signal!;
    expect(signal.aborted).toBe(false);
    run.abort();
    expect(signal.aborted).toBe(true);
  });

  it('in a generateText loop, the model gets the result, and an error as text it can act on', async () => {
    const { host } = fakeHost((c) =>
      (c.input as { city: string }).city === 'Atlantis'
        ? {
            id: c.id!,
            name: c.name,
            isError: true,
            code: 'INVALID_INPUT',
            message: 'Unknown city "Atlantis".',
            hint: 'Ask for a real city.',
          }
        : { id: c.id!, name: c.name, isError: false, text: 'Sunny, 21°C' },
    );
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'a',
              toolName: 'weather_forecast',
              input: '{"city":"Paris"}',
            },
            {
              type: 'tool-call',
              toolCallId: 'b',
              toolName: 'weather_forecast',
              input: '{"city":"Atlantis"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'Paris is sunny.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        },
      ],
    });
    const out = await generateText({
      model,
      tools: aiSdkTools(host),
      prompt: 'Weather?',
      stopWhen: stepCountIs(3),
    });
    expect(out.text).toBe('Paris is sunny.');
    const second = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(second).toContain('Sunny, 21°C');
    expect(second).toContain(
      'Error INVALID_INPUT: Unknown city \\"Atlantis\\".\\nHint: Ask for a real city.',
    );
    expect(second).toContain('error-text');
    // The first request offered the tools under their wire names with the skill's schema.
    const offered = model.doGenerateCalls[0]!.tools!.map((t) => ('name' in t ? t.name : ''));
    expect(offered.sort()).toEqual(['weather_alerts', 'weather_forecast']);
  });
});
