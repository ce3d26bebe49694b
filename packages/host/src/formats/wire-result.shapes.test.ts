import { describe, expect, it } from 'vitest';
import type { CallFailure, CallSuccess } from '../router/types.js';
import { resultText, toWireResult } from './wire-result.js';

const ok: CallSuccess = {
  id: 'call_1',
  name: 'weather.forecast',
  isError: false,
  text: '{"temp":21}',
  structured: { temp: 21 },
};
const okText: CallSuccess = { id: 'call_2', name: 'notes.add', isError: false, text: 'Saved.' };
const fail: CallFailure = {
  id: 'call_3',
  name: 'gmail.send',
  isError: true,
  code: 'AUTH_REQUIRED',
  message: 'Google access has expired.',
  hint: 'Run `openclaw-skill auth login gmail`.',
};
const failText =
  'Error AUTH_REQUIRED: Google access has expired.\nHint: Run `openclaw-skill auth login gmail`.';

describe('toWireResult', () => {
  it('errors read as text the model can act on', () => {
    expect(resultText(fail)).toBe(failText);
    expect(resultText({ ...fail, hint: undefined })).toBe(
      'Error AUTH_REQUIRED: Google access has expired.',
    );
  });

  it('anthropic: tool_result with is_error only on errors', () => {
    expect(toWireResult(ok, 'anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_1',
      content: '{"temp":21}',
    });
    expect(toWireResult(fail, 'anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_3',
      content: failText,
      is_error: true,
    });
  });

  it('openai chat: a tool message', () => {
    expect(toWireResult(okText, 'openai')).toEqual({
      role: 'tool',
      tool_call_id: 'call_2',
      content: 'Saved.',
    });
    expect(toWireResult(fail, 'openai')).toEqual({
      role: 'tool',
      tool_call_id: 'call_3',
      content: failText,
    });
  });

  it('openai responses: function_call_output', () => {
    expect(toWireResult(okText, 'openai-responses')).toEqual({
      type: 'function_call_output',
      call_id: 'call_2',
      output: 'Saved.',
    });
    expect(toWireResult(fail, 'openai-responses')).toEqual({
      type: 'function_call_output',
      call_id: 'call_3',
      output: failText,
    });
  });

  it('gemini: functionResponse under the wire name, output or error', () => {
    expect(toWireResult(ok, 'gemini')).toEqual({
      functionResponse: { name: 'weather_forecast', response: { output: { temp: 21 } } },
    });
    expect(toWireResult(okText, 'gemini', { withId: true })).toEqual({
      functionResponse: { id: 'call_2', name: 'notes_add', response: { output: 'Saved.' } },
    });
    expect(toWireResult(fail, 'gemini', { name: 'gmail.send' })).toEqual({
      functionResponse: { name: 'gmail.send', response: { error: failText } },
    });
  });

  it('mcp: CallToolResult with structured content for objects and isError on errors', () => {
    expect(toWireResult(ok, 'mcp')).toEqual({
      content: [{ type: 'text', text: '{"temp":21}' }],
      structuredContent: { temp: 21 },
    });
    expect(toWireResult({ ...ok, structured: [1, 2], text: '[1,2]' }, 'mcp')).toEqual({
      content: [{ type: 'text', text: '[1,2]' }],
    });
    expect(toWireResult(fail, 'mcp')).toEqual({
      content: [{ type: 'text', text: failText }],
      isError: true,
    });
  });

  it('a cut result is sent as its text only', () => {
    const cut: CallSuccess = {
      ...ok,
      text: '{"te… [cut]',
      truncated: { originalChars: 100, keptChars: 10 },
    };
    expect(toWireResult(cut, 'mcp')).not.toHaveProperty('structuredContent');
    expect(toWireResult(cut, 'gemini').functionResponse.response).toEqual({
      output: '{"te… [cut]',
    });
  });
});
