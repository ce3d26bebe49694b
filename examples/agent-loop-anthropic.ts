// An agent loop as an agent builder writes it with the Anthropic SDK: the skills' prompt
// block goes into the system prompt, their tools into `tools`, and every tool call the model
// asks for runs through the host (policy, validation, approval, timeouts, audit).
import type Anthropic from '@anthropic-ai/sdk';
import { fromWireCalls, toWireResult, type CallResult, type SkillHost } from '@openclaw/skill-host';

export interface AgentRun {
  text: string;
  steps: number;
  /** 'done' when the model finished; 'max_steps' when the loop was cut off. */
  stopped: 'done' | 'max_steps';
}

/** What happened in a turn: the model's text, a tool call it asked for, and that call's result. */
export type AgentEvent =
  | { kind: 'text'; text: string }
  | { kind: 'call'; name: string; input: unknown }
  | { kind: 'result'; name: string; isError: boolean; text: string };

/** The result as the model reads it: the text, or the error's code and message. */
export function resultText(r: CallResult): string {
  return r.isError ? `${r.code}: ${r.message}` : r.text;
}

export async function runAnthropicAgent(opts: {
  host: SkillHost;
  client: Anthropic;
  model: string;
  system: string;
  user: string;
  sessionId?: string;
  maxSteps?: number;
  /** Called with each step of the conversation, for printing it. */
  onEvent?: (e: AgentEvent) => void;
}): Promise<AgentRun> {
  const { host, client, model, maxSteps = 8 } = opts;
  const system = host.injectSkills(opts.system);
  const tools = host.tools.definitions('anthropic');
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: opts.user }];

  for (let step = 1; step <= maxSteps; step++) {
    const res = await client.messages.create({ model, max_tokens: 1024, system, tools, messages });
    messages.push({ role: 'assistant', content: res.content });
    const calls = fromWireCalls('anthropic', res, { snapshot: host.snapshot() });
    const text = res.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    if (text) opts.onEvent?.({ kind: 'text', text });
    if (res.stop_reason !== 'tool_use' || calls.length === 0) {
      return { text, steps: step, stopped: 'done' };
    }
    for (const c of calls) opts.onEvent?.({ kind: 'call', name: c.name, input: c.input });
    // Parallel tool calls run concurrently; failures come back as error results, in order.
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
    messages.push({ role: 'user', content: results.map((r) => toWireResult(r, 'anthropic')) });
  }
  return {
    text: `Stopped after ${maxSteps} model turns that all asked for more tools; raise maxSteps or refine the request.`,
    steps: maxSteps,
    stopped: 'max_steps',
  };
}
