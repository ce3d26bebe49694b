import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { fromWireCalls } from './wire-calls.js';

describe('fromWireCalls', () => {
  it('anthropic: tool_use blocks of a message or of its content array', () => {
    const message = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather_forecast', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_2', name: 'notes_add', input: {} },
      ],
    };
    const expected = [
      { id: 'toolu_1', name: 'weather_forecast', input: { city: 'Paris' } },
      { id: 'toolu_2', name: 'notes_add', input: {} },
    ];
    expect(fromWireCalls('anthropic', message)).toEqual(expected);
    expect(fromWireCalls('anthropic', message.content)).toEqual(expected);
  });

  it('openai chat: tool_calls with JSON arguments; bad JSON gives input undefined', () => {
    const completion = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_a',
                type: 'function',
                function: { name: 'weather_forecast', arguments: '{"city":"Oslo"}' },
              },
              {
                id: 'call_b',
                type: 'function',
                function: { name: 'notes_add', arguments: '{"text": oops' },
              },
              { id: 'call_c', type: 'function', function: { name: 'alpha_ping', arguments: '' } },
            ],
          },
        },
      ],
    };
    expect(fromWireCalls('openai', completion)).toEqual([
      { id: 'call_a', name: 'weather_forecast', input: { city: 'Oslo' } },
      { id: 'call_b', name: 'notes_add', input: undefined },
      { id: 'call_c', name: 'alpha_ping', input: {} },
    ]);
    expect(fromWireCalls('openai', completion.choices[0]!.message)).toHaveLength(3);
    expect(fromWireCalls('openai', { role: 'assistant', content: 'No tools.' })).toEqual([]);
  });

  it('openai responses: function_call items by call_id', () => {
    const response = {
      output: [
        { type: 'reasoning', id: 'rs_1', summary: [] },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_x',
          name: 'weather_forecast',
          arguments: '{"city":"Rome"}',
        },
        { type: 'message', role: 'assistant', content: [] },
      ],
    };
    expect(fromWireCalls('openai-responses', response)).toEqual([
      { id: 'call_x', name: 'weather_forecast', input: { city: 'Rome' } },
    ]);
  });

  it('gemini: functionCall parts of a response, a content or its parts', () => {
    const response = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'ok' },
              { functionCall: { name: 'weather_forecast', args: { city: 'Lima' } } },
              { functionCall: { id: 'g2', name: 'alpha_ping' } },
            ],
          },
        },
      ],
    };
    const expected = [
      { name: 'weather_forecast', input: { city: 'Lima' } },
      { id: 'g2', name: 'alpha_ping', input: {} },
    ];
    expect(fromWireCalls('gemini', response)).toEqual(expected);
    expect(fromWireCalls('gemini', response.candidates[0]!.content)).toEqual(expected);
  });

  it('mcp: a tools/call request', () => {
    expect(
      fromWireCalls('mcp', {
        method: 'tools/call',
        params: { name: 'weather.forecast', arguments: { city: 'Bern' } },
      }),
    ).toEqual([{ name: 'weather.forecast', input: { city: 'Bern' } }]);
  });

  it('never throws on junk', () => {
    for (const format of ['anthropic', 'openai', 'openai-responses', 'gemini', 'mcp'] as const) {
      for (const junk of [null, undefined, 42, 'text', { content: 'x' }, [null, 1]]) {
        expect(fromWireCalls(format, junk)).toEqual([]);
      }
    }
  });

  it('with the snapshot: canonical names, and strict-mode nulls for optional properties removed', () => {
    const snap = snapshotOf([
      skillRecord({
        name: 'weather',
        tools: [
          {
            name: 'weather.forecast',
            inputSchema: {
              type: 'object',
              properties: { city: { type: 'string' }, days: { type: 'integer' } },
              required: ['city'],
              additionalProperties: false,
            },
          },
        ],
      }),
      skillRecord({ name: '1password', tools: ['1password.get'] }),
    ]);
    const completion = {
      tool_calls: [
        {
          id: 'c1',
          function: { name: 'weather_forecast', arguments: '{"city":"Oslo","days":null}' },
        },
        { id: 'c2', function: { name: 'unknown_tool', arguments: '{}' } },
      ],
    };
    expect(fromWireCalls('openai', completion, { snapshot: snap })).toEqual([
      { id: 'c1', name: 'weather.forecast', input: { city: 'Oslo' } },
      { id: 'c2', name: 'unknown_tool', input: {} },
    ]);
    // Gemini's name for a tool whose wire name starts with a digit maps back too.
    expect(
      fromWireCalls(
        'gemini',
        { parts: [{ functionCall: { name: '_1password_get', args: {} } }] },
        { snapshot: snap },
      ),
    ).toEqual([{ name: '1password.get', input: {} }]);
  });
});
