// The same loop with the OpenAI SDK's Chat Completions API.
import type OpenAI from 'openai';
import { fromWireCalls, toWireResult, type SkillHost } from '@openclaw/skill-host';
import { resultText, type AgentEvent, type AgentRun } from './agent-loop-anthropic.js';

export async function runOpenAIAgent(opts: {
  host: SkillHost;
  client: OpenAI;
  model: string;
  system: string;
  user: string;
  sessionId?: string;
  maxSteps?: number;
  /** Called with each step of the conversation, for printing it. */
  onEvent?: (e: AgentEvent) => void;
}): Promise<AgentRun> {
  const { host, client, model, maxSteps = 8 } = opts;
  const tools = host.tools.definitions('openai');
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'system', content: host.injectSkills(opts.system) },
    { role: 'user', content: opts.user },
  ];

  for (let step = 1; step <= maxSteps; step++) {
    const res = await client.chat.completions.create({ model, messages, tools });
    const message = res.choices[0]!.message;
    messages.push(message);
    const calls = fromWireCalls('openai', message, { snapshot: host.snapshot() });
    if (message.content) opts.onEvent?.({ kind: 'text', text: message.content });
    if (calls.length === 0) return { text: message.content ?? '', steps: step, stopped: 'done' };
    for (const c of calls) opts.onEvent?.({ kind: 'call', name: c.name, input: c.input });
    const results = await host.callMany(calls, {
      sessionId: opts.sessionId ?? 'agent',
      isOwner: true,
    });
    results.forEach((r, i) =>
      opts.onEvent?.({
        kind: 'result',
        name: calls[i]!.name,
        isError: r.isError,
        text: resultText(r),
      }),
    );
    messages.push(...results.map((r) => toWireResult(r, 'openai')));
  }
  return {
    text: `Stopped after ${maxSteps} model turns that all asked for more tools; raise maxSteps or refine the request.`,
    steps: maxSteps,
    stopped: 'max_steps',
  };
}
