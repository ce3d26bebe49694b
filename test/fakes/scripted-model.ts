// A scripted model behind a loopback HTTP server that speaks the Anthropic Messages and
// OpenAI Chat Completions wire formats, so the official SDK clients can drive an agent loop
// in tests. Each request is recorded; the script decides each reply from the request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Script = (body: Record<string, unknown>, turn: number) => Record<string, unknown>;

export interface ScriptedModel {
  url: string;
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startScriptedModel(scripts: {
  anthropic?: Script;
  openai?: Script;
}): Promise<ScriptedModel> {
  const requests: ScriptedModel['requests'] = [];
  const turns = { anthropic: 0, openai: 0 };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ path, body });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (path.endsWith('/messages') && scripts.anthropic)
      return reply(200, scripts.anthropic(body, turns.anthropic++));
    if (path.endsWith('/chat/completions') && scripts.openai)
      return reply(200, scripts.openai(body, turns.openai++));
    reply(404, {
      type: 'error',
      error: { type: 'not_found_error', message: `no script for ${path}` },
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** An Anthropic Messages API response. */
export function anthropicMessage(
  content: Array<Record<string, unknown>>,
  stop: 'end_turn' | 'tool_use',
) {
  return {
    id: `msg_${Math.random().toString(36).slice(2, 10)}`,
    type: 'message',
    role: 'assistant',
    model: 'scripted-model',
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

/** An OpenAI Chat Completions response. */
export function openaiCompletion(message: Record<string, unknown>, finish: 'stop' | 'tool_calls') {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 10)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'scripted-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, ...message },
        finish_reason: finish,
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}
