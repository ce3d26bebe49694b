// A host with the hostile test skills (testing/hostile/) in a sealed temp world: a fake user
// home with a planted SSH key, a host home with a planted token store and another skill's
// stored data, an env holding a secret the skills must not see. Not part of the public API.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { HostConfig } from '../config/schema.js';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';

export const HOSTILE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'testing', 'hostile');
export const SSH_SECRET = 'FAKE-SSH-KEY-8c1f0e';
export const TOKEN_SECRET = 'ya29.FAKE-ACCESS-TOKEN-77aa';
export const ENV_SECRET = 'HOST-ENV-SECRET-41d2';
export const VICTIM_SECRET = 'VICTIM-DATA-90be';

export interface HostileWorld {
  root: string;
  home: string;
  userHome: string;
  workspace: string;
  /** Everything the host logged, as text. */
  logs(): string;
  files: { sshKey: string; tokenStore: string; victimStorage: string };
  open(config?: HostConfig, env?: NodeJS.ProcessEnv): Promise<SkillHost>;
  /** Closes every host opened here. */
  close(): Promise<void>;
}

/** `where`: the workspace (a local folder) or the host's store (installed from a registry). */
export async function hostileWorld(
  where: 'workspace' | 'store' = 'workspace',
): Promise<HostileWorld> {
  const root = await tempDir('oc-hostile-');
  const home = join(root, 'home');
  const userHome = join(root, 'user');
  const workspace = join(root, 'ws');
  const skillsDir = where === 'store' ? join(home, 'store') : join(workspace, 'skills');
  await mkdir(skillsDir, { recursive: true });
  await cp(HOSTILE_DIR, skillsDir, { recursive: true });
  const sshKey = join(userHome, '.ssh', 'id_rsa');
  const tokenStore = join(home, 'auth', 'tokens.json');
  const victimStorage = join(home, 'storage', 'victim', 'secret.json');
  for (const [file, text] of [
    [sshKey, `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_SECRET}\n`],
    [tokenStore, JSON.stringify({ google: { access_token: TOKEN_SECRET } })],
    [victimStorage, JSON.stringify(VICTIM_SECRET)],
  ] as const) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, { mode: 0o600 });
  }
  let logged = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged += chunk.toString();
      done();
    },
  });
  const hosts: SkillHost[] = [];
  return {
    root,
    home,
    userHome,
    workspace,
    logs: () => logged,
    files: { sshKey, tokenStore, victimStorage },
    async open(config = {}, extraEnv = {}) {
      const host = await createSkillHost({
        home,
        workspace,
        userHome,
        env: {
          PATH: process.env.PATH ?? '',
          HOSTILE_VISIBLE: 'yes',
          HOST_SECRET: ENV_SECRET,
          ...extraEnv,
        },
        logger: pino({ level: 'info' }, sink),
        hostTools: false,
        config,
      });
      hosts.push(host);
      return host;
    },
    async close() {
      await Promise.all(hosts.splice(0).map((h) => h.close()));
    },
  };
}
