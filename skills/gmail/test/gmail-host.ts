// The real host over the repo's skills folder with the gmail skill pointed at a local Gmail
// API, Google's preset pointed at a real OAuth server on loopback (oauth2-mock-server), and
// a grant made through the code flow without a browser (the test follows the URL). Tokens
// live in a memory vault; home, workspace and the attachment folder are temp dirs.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { createMemoryVault } from '@openclaw/skill-host/internal';
import { startOAuthServer, type OAuthTestServer } from '../../../test/support/oauth-server.js';
import { testLogger, type LogLine } from '../../../test/support/test-logger.js';
import { startFakeGmail, type FakeGmail } from './fake-gmail-api.js';

const skillsDir = resolve(import.meta.dirname, '..', '..');

/** A JWT's `exp`, in seconds; 0 when the token is not a JWT. */
const expOf = (token: string) => {
  try {
    return (
      Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).exp) || 0
    );
  } catch {
    return 0;
  }
};

export interface GmailSetup {
  host: SkillHost;
  oauth: OAuthTestServer;
  gmail: FakeGmail;
  /** A folder the user allowed attachments from. */
  files: string;
  /** What the host and the skill logged (never the test output). */
  logs: LogLine[];
  /** Signs the gmail skill in; `only` limits the consent to the scopes of those tools. */
  login(only?: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function gmailSetup(): Promise<GmailSetup> {
  const oauth = await startOAuthServer();
  // Google accepts a token it issued until it expires (opaque test tokens carry no expiry).
  const gmail = await startFakeGmail({
    tokenValid: (t) => oauth.issued.includes(t) && (expOf(t) === 0 || expOf(t) * 1000 > Date.now()),
  });
  const root = await mkdtemp(join(tmpdir(), 'oc-gmail-'));
  const files = join(root, 'files');
  await mkdir(files);
  const { logger, lines: logs } = testLogger();
  const host = await createSkillHost({
    logger,
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    sources: [skillsDir],
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
      skills: { gmail: { config: { apiBaseUrl: gmail.url, attachmentFolders: [files] } } },
    },
  });
  return {
    host,
    oauth,
    gmail,
    files,
    logs,
    async login(only) {
      const record = host.skills.find((s) => s.name === 'gmail')!;
      const tools = only ? record.tools.filter((t) => only.includes(t.name)) : record.tools;
      await host.auth.login(
        { ...record, tools },
        { key: 'google', onUrl: (url) => oauth.follow(url).then(() => undefined) },
      );
    },
    async close() {
      await host.close();
      await gmail.close();
      await oauth.stop();
    },
  };
}
