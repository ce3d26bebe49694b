// The README's agent loops, driven by the official Anthropic and OpenAI SDK clients against a
// scripted model on loopback, with the bundled weather skill served by a local Open-Meteo.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { runAnthropicAgent } from '../examples/agent-loop-anthropic.js';
import { runOpenAIAgent } from '../examples/agent-loop-openai.js';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../skills/weather/test/fake-open-meteo.js';
import {
  anthropicMessage,
  openaiCompletion,
  startScriptedModel,
  type ScriptedModel,
} from './fakes/scripted-model.js';

const repo = resolve(import.meta.dirname, '..');
let weatherApi: FakeOpenMeteo;
let tmp: string;
let host: SkillHost;
/** The host's log lines (JSON), kept here instead of the test output. */
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  weatherApi = await startFakeOpenMeteo();
  tmp = await mkdtemp(join(tmpdir(), 'agent-loop-'));
  host = await createSkillHost({
    workspace: repo,
    home: join(tmp, 'home'),
    userHome: join(tmp, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    logger: pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, cb) {
          logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          cb();
        },
      }),
    ),
    config: {
      skills: {
        weather: { config: { forecastUrl: weatherApi.url, geocodingUrl: weatherApi.url } },
      },
    },
  });
});
afterAll(async () => {
  await host.close();
  await weatherApi.close();
  await rm(tmp, { recursive: true, force: true });
});

type Block = { type: string; tool_use_id?: string; content?: string; is_error?: boolean };

describe('an Anthropic Messages agent loop', () => {
  let model: ScriptedModel;
  afterAll(() => model?.close());

  it('gets the prompt block and tools, runs two tools in parallel, gets results in its wire format and finishes', async () => {
    model = await startScriptedModel({
      anthropic: (body, turn) => {
        if (turn === 0) {
          return anthropicMessage(
            [
              { type: 'text', text: 'Checking both.' },
              {
                type: 'tool_use',
                id: 'toolu_1',
                name: 'weather_current',
                input: { location: 'Lisbon' },
              },
              {
                type: 'tool_use',
                id: 'toolu_2',
                name: 'weather_forecast',
                input: { location: 'Paris, FR', days: 2 },
              },
            ],
            'tool_use',
          );
        }
        const last = (body.messages as Array<{ role: string; content: Block[] }>).at(-1)!;
        const results = last.content.filter((b) => b.type === 'tool_result');
        return anthropicMessage(
          [
            {
              type: 'text',
              text: `Got ${results.length} results: ${results.map((r) => r.tool_use_id).join(',')}`,
            },
          ],
          'end_turn',
        );
      },
    });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: model.url, maxRetries: 0 });
    const run = await runAnthropicAgent({
      host,
      client,
      model: 'scripted-model',
      system: 'You are a helpful assistant.',
      user: 'Weather in Lisbon and Paris?',
    });

    expect(run).toEqual({ text: 'Got 2 results: toolu_1,toolu_2', steps: 2, stopped: 'done' });
    const [first, second] = model.requests.map((r) => r.body);
    expect(first!.system).toContain('<available_skills>');
    expect(first!.system).toContain('<name>weather</name>');
    const toolNames = (first!.tools as Array<{ name: string }>).map((t) => t.name);
    expect(toolNames).toEqual(
      expect.arrayContaining(['weather_current', 'weather_forecast', 'gmail_send']),
    );
    for (const n of toolNames) expect(n).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const results = (second!.messages as Array<{ content: Block[] }>).at(-1)!.content;
    expect(results.map((r) => [r.type, r.tool_use_id, r.is_error ?? false])).toEqual([
      ['tool_result', 'toolu_1', false],
      ['tool_result', 'toolu_2', false],
    ]);
    expect(results[0]!.content).toContain('Lisbon, Portugal');
    expect(results[1]!.content).toContain('2026-11-30');
  });

  it('stops a loop that keeps calling tools at the maximum depth with a clear message', async () => {
    const looping = await startScriptedModel({
      anthropic: (_body, turn) =>
        anthropicMessage(
          [
            {
              type: 'tool_use',
              id: `toolu_${turn}`,
              name: 'weather_current',
              input: { location: turn % 2 ? 'Lisbon' : 'Paris' },
            },
          ],
          'tool_use',
        ),
    });
    try {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: looping.url, maxRetries: 0 });
      const run = await runAnthropicAgent({
        host,
        client,
        model: 'scripted-model',
        system: '',
        user: 'loop',
        maxSteps: 4,
        sessionId: 'loop-test',
      });
      expect(run.stopped).toBe('max_steps');
      expect(run.steps).toBe(4);
      expect(run.text).toMatch(/Stopped after 4 model turns/);
      expect(looping.requests).toHaveLength(4);
    } finally {
      await looping.close();
    }
  });
});

describe('an OpenAI Chat Completions agent loop', () => {
  it('runs parallel tool calls, returns tool messages with their ids (errors included), logs the failed call as a warning, and finishes', async () => {
    const model = await startScriptedModel({
      openai: (body, turn) => {
        if (turn === 0) {
          return openaiCompletion(
            {
              tool_calls: [
                {
                  id: 'call_a',
                  type: 'function',
                  function: { name: 'weather_current', arguments: '{"location":"Lisbon"}' },
                },
                {
                  id: 'call_b',
                  type: 'function',
                  function: { name: 'gmail_list', arguments: '{"query":"is:unread"}' },
                },
              ],
            },
            'tool_calls',
          );
        }
        const tools = (
          body.messages as Array<{ role: string; tool_call_id?: string; content: string }>
        ).filter((m) => m.role === 'tool');
        return openaiCompletion(
          {
            content: tools
              .map((t) => `${t.tool_call_id}=${t.content.split('\n')[0]!.slice(0, 40)}`)
              .join(' | '),
          },
          'stop',
        );
      },
    });
    try {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: `${model.url}/v1`, maxRetries: 0 });
      const run = await runOpenAIAgent({
        host,
        client,
        model: 'scripted-model',
        system: 'Be brief.',
        user: 'Weather and mail?',
      });
      expect(run.stopped).toBe('done');
      expect(run.steps).toBe(2);
      // The weather call succeeded; gmail has no Google sign-in here, so the model is told what to do.
      // weather is open-world: its result reaches the model between untrusted-data markers
      // (the scripted model echoes the first 40 characters of each result).
      expect(run.text).toMatch(/^call_a=<<<UNTRUSTED_DATA [0-9a-f]{16} sourc \| /);
      expect(run.text).toContain('call_b=Error AUTH_REQUIRED');
      expect(logLines).toContainEqual(
        expect.objectContaining({
          level: 40,
          callId: 'call_b',
          tool: 'gmail.list',
          msg: 'Skill "gmail" is not authorized with google yet.',
        }),
      );
      const first = model.requests[0]!.body as {
        messages: Array<{ role: string; content: string }>;
        tools: Array<{ function: { name: string } }>;
      };
      expect(first.messages[0]!.content).toContain('<available_skills>');
      expect(first.tools.map((t) => t.function.name)).toContain('gmail_list');
    } finally {
      await model.close();
    }
  });
});
