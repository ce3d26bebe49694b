// gmail installed from a registry runs in the sandbox; a folder the user grants it in the host
// config (`skills.gmail.grant.read`) is the only place outside its package it can read, so an
// attachment from that folder reaches the (fake) Gmail API, and one from a folder the skill's
// own settings allow but the user never granted is refused by the sandbox.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { createMemoryVault } from '@openclaw/skill-host/internal';
import { startFakeGmail, type FakeGmail } from '../skills/gmail/test/fake-gmail-api.js';
import { startOAuthServer, type OAuthTestServer } from './support/oauth-server.js';
import { testLogger, type LogLine } from './support/test-logger.js';
import { startWorkspaceRegistry, type WorkspaceRegistry } from './support/workspace-registry.js';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '..');
const SECRET = 'NOT-GRANTED-7f3e91';
let reg: WorkspaceRegistry;
let oauth: OAuthTestServer;
let gmail: FakeGmail;
let host: SkillHost;
let root: string;
let granted: string;
let notGranted: string;
let logs: LogLine[];

beforeAll(async () => {
  reg = await startWorkspaceRegistry();
  root = await mkdtemp(join(tmpdir(), 'oc-grant-gmail-'));
  await exec('pnpm', ['pack', '--pack-destination', root], { cwd: join(repo, 'skills', 'gmail') });
  const tgz = (await exec('ls', [root])).stdout.trim().split('\n')[0]!;
  await exec('npm', ['publish', join(root, tgz), '--ignore-scripts'], { cwd: root, env: reg.env });
  oauth = await startOAuthServer();
  gmail = await startFakeGmail({ tokenValid: (t) => oauth.issued.includes(t) });
  granted = join(root, 'granted');
  notGranted = join(root, 'elsewhere');
  await mkdir(granted);
  await mkdir(notGranted);
  const t = testLogger();
  logs = t.lines;
  host = await createSkillHost({
    logger: t.logger,
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: {},
    hostTools: false,
    approve: () => true,
    auth: { vault: createMemoryVault(), retry: { baseMs: 5 } },
    config: {
      auth: {
        providers: {
          google: {
            ...(oauth.providerConfig({ clientSecret: 'test-client-secret' }) as object),
            preset: 'google',
          },
        },
      },
      skills: {
        gmail: {
          // The skill's own setting names both folders; only the grant opens one of them.
          config: { apiBaseUrl: gmail.url, attachmentFolders: [granted, notGranted] },
          grant: { read: [granted] },
        },
      },
    },
  });
  await host.install('@openclaw/skill-gmail', { registry: reg.registry.url, yes: true });
  const record = host.skills.find((s) => s.name === 'gmail')!;
  await host.auth.login(record, {
    key: 'google',
    onUrl: (url) => oauth.follow(url).then(() => undefined),
  });
}, 240_000);
afterAll(async () => {
  await host?.close();
  await gmail?.close();
  await oauth?.stop();
  await reg?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const send = (path: string) =>
  host.call({
    name: 'gmail.send',
    input: { to: 'ana@example.com', subject: 'Report', body: 'Attached.', attachments: [{ path }] },
  });

describe('gmail from a registry, sandboxed, with a granted folder', () => {
  it('is a store install served by the sandbox runner', () => {
    const gmailRecord = host.skills.find((s) => s.name === 'gmail')!;
    expect([gmailRecord.source.kind, gmailRecord.status]).toEqual(['store', 'ready']);
  });

  it('attaches a file from the granted folder and the fake Gmail API receives its bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 13) % 256));
    await writeFile(join(granted, 'report.pdf'), bytes);
    const sent = await send(join(granted, 'report.pdf'));
    if (sent.isError) throw new Error(`${sent.code}: ${sent.message}`);
    expect(sent.runner).toBe('sandbox');
    const raw = gmail.messages.at(-1)!.raw.toString('latin1');
    expect(raw).toContain('report.pdf');
    expect(raw.replace(/\r\n/g, '')).toContain(bytes.toString('base64'));
  });

  it('refuses a file from a folder the skill settings allow but the user never granted, and nothing is sent', async () => {
    await writeFile(join(notGranted, 'secret.txt'), SECRET);
    const before = gmail.messages.length;
    const r = await send(join(notGranted, 'secret.txt'));
    expect(gmail.messages.length).toBe(before);
    expect(JSON.stringify(r)).not.toContain(SECRET);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(r).toMatchObject({
      isError: true,
      code: 'POLICY_DENIED',
      runner: 'sandbox',
      hint: expect.stringContaining('skills.gmail.grant.read'),
    });
  });
});
