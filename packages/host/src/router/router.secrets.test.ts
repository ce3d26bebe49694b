// A token and an API key planted in a tool's input and output never reach the audit file,
// the logs or the result.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

// A known secret value (the host knows it: an API key from the keychain) and a token that
// only its shape gives away (a GitHub token the skill found somewhere).
const apiKey = `wk-${'93f1c07d'.repeat(3)}`;
const token = `ghp_${'T0kenT0ken'.repeat(4)}`;

describe('secrets', () => {
  it('are redacted from result, error, audit (with full inputs) and logs', async () => {
    const h = await harness({
      skills: [
        skillRecord({
          name: 'leaky',
          tools: [
            { name: 'leaky.echo', inputSchema: { type: 'object' } },
            { name: 'leaky.json', inputSchema: { type: 'object' } },
            { name: 'leaky.fail', inputSchema: { type: 'object' } },
          ],
        }),
      ],
      secrets: [apiKey],
      config: { audit: { fullInputs: true } },
      tools: {
        'leaky.echo': (input) =>
          `you sent ${JSON.stringify(input)}; key=${apiKey}; Authorization: Bearer ${token}`,
        'leaky.json': () => ({
          ok: true,
          access_token: 'opaque-short-lived',
          nested: { note: `key ${apiKey}`, t: token },
        }),
        'leaky.fail': () => {
          throw new Error(`upstream said 401 for key ${apiKey} and token ${token}`);
        },
      },
    });
    const input = { query: 'weather', apiKey, auth: `Bearer ${token}` };
    const results = await h.router.callMany([
      { name: 'leaky.echo', input },
      { name: 'leaky.json', input },
      { name: 'leaky.fail', input },
      { name: `leaky.${token}`, input },
    ]);
    const audit = await readAudit(h);
    const logs = JSON.stringify(h.logs);
    const everything = [JSON.stringify(results), audit, logs];
    for (const text of everything) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(token);
      expect(text).not.toContain('opaque-short-lived');
    }
    // Redaction left the rest readable.
    expect(results[0]).toMatchObject({ isError: false });
    if (!results[0]!.isError) expect(results[0]!.text).toContain('key=[REDACTED]');
    expect(results[1]).toMatchObject({
      isError: false,
      structured: {
        ok: true,
        access_token: '[REDACTED]',
        nested: { note: 'key [REDACTED]', t: '[REDACTED]' },
      },
    });
    expect(results[2]).toMatchObject({ isError: true, code: 'SKILL_ERROR' });
    if (results[2]!.isError)
      expect(results[2]!.message).toContain('upstream said 401 for key [REDACTED]');
    // The failure was logged, redacted.
    expect(
      h.logs.some((l) => l.level === 'warn' && String(l.msg).includes('upstream said 401')),
    ).toBe(true);
    // Full inputs are in the audit, redacted.
    expect(audit).toContain('"query":"weather"');
    expect(audit.trim().split('\n')).toHaveLength(4);
  });

  it('picks up secrets the host learns later (a refreshed token)', async () => {
    const secrets: string[] = [];
    const h = await harness({
      skills: [skillRecord({ name: 's', tools: ['s.get'] })],
      tools: { 's.get': () => 'fresh-token-value-1' },
      secrets,
    });
    expect(await h.router.call({ name: 's.get', input: {} })).toMatchObject({
      text: 'fresh-token-value-1',
    });
    secrets.push('fresh-token-value-1');
    expect(await h.router.call({ name: 's.get', input: {} })).toMatchObject({ text: '[REDACTED]' });
  });
});

async function readAudit(h: { router: { close(): Promise<void> }; home: string }): Promise<string> {
  await h.router.close();
  return readFile(join(h.home, 'audit.jsonl'), 'utf8');
}
