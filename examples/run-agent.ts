// `pnpm example:anthropic` / `pnpm example:openai`: the agent loop on the bundled skills,
// printing the conversation. With ANTHROPIC_API_KEY / OPENAI_API_KEY set it talks to the
// real provider (and the weather skill to the real Open-Meteo); without, to a scripted model
// and a local Open-Meteo on 127.0.0.1, so it runs anywhere with no account and no network.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { createSkillHost, type HostConfig } from '@openclaw/skill-host';
import { startFakeOpenMeteo } from '../skills/weather/test/fake-open-meteo.js';
import {
  anthropicMessage,
  openaiCompletion,
  startScriptedModel,
} from '../test/fakes/scripted-model.js';
import { runAnthropicAgent, type AgentEvent } from './agent-loop-anthropic.js';
import { runOpenAIAgent } from './agent-loop-openai.js';

const provider = process.argv[2];
if (provider !== 'anthropic' && provider !== 'openai') {
  console.error('usage: run-agent.ts anthropic|openai [question]');
  process.exit(2);
}
const question = process.argv[3] ?? 'What is the weather in Lisbon right now?';
const apiKey = process.env[provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'];
const repo = resolve(import.meta.dirname, '..');
const home = await mkdtemp(join(tmpdir(), 'openclaw-example-'));

// Offline: a local Open-Meteo and a model that asks for the current weather once, then
// answers from the tool's result.
const weatherApi = apiKey ? undefined : await startFakeOpenMeteo();
const model = apiKey
  ? undefined
  : await startScriptedModel({
      anthropic: (body, turn) => {
        if (turn === 0) {
          return anthropicMessage(
            [
              { type: 'text', text: 'Let me check.' },
              {
                type: 'tool_use',
                id: 'toolu_1',
                name: 'weather_current',
                input: { location: 'Lisbon' },
              },
            ],
            'tool_use',
          );
        }
        const last = (body.messages as Array<{ content: Array<{ content?: string }> }>).at(-1)!;
        return anthropicMessage(
          [{ type: 'text', text: answer(last.content[0]?.content) }],
          'end_turn',
        );
      },
      openai: (body, turn) => {
        if (turn === 0) {
          return openaiCompletion(
            {
              content: 'Let me check.',
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'weather_current', arguments: '{"location":"Lisbon"}' },
                },
              ],
            },
            'tool_calls',
          );
        }
        const last = (body.messages as Array<{ content?: string }>).at(-1)!;
        return openaiCompletion({ content: answer(last.content) }, 'stop');
      },
    });

// Results of tools that reach the outside world arrive between untrusted-data markers
// (docs/untrusted-results.md): the scripted model reads the data inside them.
const UNTRUSTED = /^<<<UNTRUSTED_DATA (\w+) source=\S+>>>\n([\s\S]*)\n<<<END_UNTRUSTED_DATA \1>>>$/;

function answer(toolResult: string | undefined): string {
  try {
    const data = UNTRUSTED.exec(toolResult ?? '')?.[2] ?? toolResult ?? '';
    const w = JSON.parse(data) as Record<string, string>;
    return `In ${w.place} it is ${w.temperature}, ${w.conditions}, wind ${w.wind}.`;
  } catch {
    return `The weather tool did not answer: ${toolResult}`;
  }
}

const config: HostConfig = weatherApi
  ? {
      skills: {
        weather: { config: { forecastUrl: weatherApi.url, geocodingUrl: weatherApi.url } },
      },
    }
  : {};
const host = await createSkillHost({ workspace: repo, home, config });

const print = (e: AgentEvent) => {
  if (e.kind === 'text') console.log(`assistant: ${e.text}`);
  if (e.kind === 'call') console.log(`  → ${e.name} ${JSON.stringify(e.input)}`);
  if (e.kind === 'result')
    console.log(
      `  ← ${e.name}${e.isError ? ' (error)' : ''}: ${e.text.replace(/\n/g, ' ').slice(0, 300)}`,
    );
};

try {
  console.log(
    apiKey
      ? `${provider}: the real API (key from the environment)`
      : `${provider}: no ${provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'}, so a scripted model at ${model!.url} and a local Open-Meteo at ${weatherApi!.url}`,
  );
  console.log(`user: ${question}`);
  const system = 'You are a helpful assistant. Answer briefly.';
  const run =
    provider === 'anthropic'
      ? await runAnthropicAgent({
          host,
          client: new Anthropic({
            apiKey: apiKey ?? 'scripted',
            ...(model && { baseURL: model.url, maxRetries: 0 }),
          }),
          model: process.env.ANTHROPIC_MODEL ?? (model ? 'scripted-model' : 'claude-sonnet-4-5'),
          system,
          user: question,
          onEvent: print,
        })
      : await runOpenAIAgent({
          host,
          client: new OpenAI({
            apiKey: apiKey ?? 'scripted',
            ...(model && { baseURL: `${model.url}/v1`, maxRetries: 0 }),
          }),
          model: process.env.OPENAI_MODEL ?? (model ? 'scripted-model' : 'gpt-4.1-mini'),
          system,
          user: question,
          onEvent: print,
        });
  console.log(`(${run.stopped} after ${run.steps} model turn${run.steps > 1 ? 's' : ''})`);
} finally {
  await host.close();
  await model?.close();
  await weatherApi?.close();
  await rm(home, { recursive: true, force: true });
}
