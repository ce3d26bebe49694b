// The control API's routes on a real serve: the catalog, the audit tail after real calls, and
// clear answers for what this host cannot do yet, wrong methods and bad parameters.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCodeSkill } from '../testing/skill-folders.js';
import { auditLineWritten, httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked by the assertions
let api: (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  fx = await serveFixture();
  const { url, token } = fx.serve.info!;
  api = async (path, init = {}) => {
    const res = await fetch(`${url}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    return { status: res.status, body: await res.json() };
  };
});
afterAll(() => fx?.cleanup());

describe('control API', () => {
  it('GET /api says which serve this is', async () => {
    const r = await api('');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      pid: process.pid,
      home: fx.home,
      mcp: 'http',
      callsInFlight: 0,
    });
  });

  it('GET /api/skills lists the skills in the list --json shape, without the host tools', async () => {
    const r = await api('/skills');
    expect(r.status).toBe(200);
    expect(r.body.skills.map((s: { name: string }) => s.name)).toEqual(['guide', 'notes']);
    expect(r.body.skills[1]).toEqual({
      name: 'notes',
      version: '1.0.0',
      status: 'ready',
      source: 'workspace',
      dir: expect.stringContaining('notes'),
      tools: ['notes.read', 'notes.wipe', 'notes.blocked'],
      problems: [],
    });
  });

  it('GET /api/audit?tail=N returns the last N audit lines, oldest first', async () => {
    const client = await httpClient(fx.serve);
    try {
      for (const id of ['a', 'b', 'c'])
        await client.callTool({ name: 'notes.read', arguments: { id } });
      await client.callTool({ name: 'notes.blocked', arguments: {} });
    } finally {
      await client.close();
    }
    // The audit log writes after the call's turn: wait for the last call's line.
    await auditLineWritten(fx.home, 'notes.blocked');
    const r = await api('/audit?tail=2');
    expect(
      r.body.entries.map((e: { tool: string; outcome: string }) => [e.tool, e.outcome]),
    ).toEqual([
      ['notes.read', 'ok'],
      ['notes.blocked', 'POLICY_DENIED'],
    ]);
    expect(r.body.entries[0].sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a tail that is not a whole number from 0 to 1000', async () => {
    for (const q of ['-1', '1001', 'ten', '1.5']) {
      const r = await api(`/audit?tail=${q}`);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('tail must be a whole number from 0 to 1000');
    }
  });

  it('answers 400 to an install without a spec', async () => {
    const r = await api('/skills', { method: 'POST', body: JSON.stringify({}) });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('{ "spec"');
  });

  it('answers 404 SKILL_NOT_FOUND to remove, update or rollback of a skill not installed from npm', async () => {
    for (const [method, path] of [
      ['DELETE', '/skills/notes'],
      ['POST', '/skills/notes/update'],
      ['POST', '/skills/notes/rollback'],
    ] as const) {
      const r = await api(path, { method, body: '{}' });
      expect([method, path, r.status, r.body.error.code]).toEqual([
        method,
        path,
        404,
        'SKILL_NOT_FOUND',
      ]);
    }
  });

  it('answers 405 naming the allowed methods, and 404 for unknown routes', async () => {
    const r = await api('/skills', { method: 'PUT', body: '{}' });
    expect(r.status).toBe(405);
    expect(r.body.error.message).toContain('use GET, POST');
    expect((await api('/nothing')).status).toBe(404);
  });

  // Last: it adds a skill to the catalog.
  it('GET /api/auth and GET /api/skills show a skill that needs an OAuth login, with the command', async () => {
    await writeCodeSkill(join(fx.workspace, 'skills'), 'mail', {
      tools: ['list'],
      manifest: {
        auth: { google: { type: 'oauth2', provider: 'google' } },
        tools: [
          {
            name: 'mail.list',
            description: 'List mail.',
            inputSchema: { type: 'object' },
            auth: { provider: 'google', scopes: ['gmail.readonly'] },
          },
        ],
      },
    });
    await fx.serve.host.rescan();
    const auth = await api('/auth');
    expect(auth.status).toBe(200);
    expect(auth.body.grants).toEqual([]);
    expect(auth.body.needsLogin).toEqual([
      expect.objectContaining({
        skill: 'mail',
        provider: 'google',
        command: expect.stringContaining('openclaw-skill auth login mail'),
      }),
    ]);
    const skills = await api('/skills');
    expect(skills.body.skills.find((s: { name: string }) => s.name === 'mail')).toMatchObject({
      status: 'needs-login',
      login: expect.stringContaining('openclaw-skill auth login mail'),
    });
  });
});
