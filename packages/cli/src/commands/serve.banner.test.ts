// serve's banner counts ready skills as `list` does: a skill that needs a sign-in is not ready.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createMemoryVault } from '@openclaw/skill-host/internal';
import { startServe } from '@openclaw/skill-host/serve';
import { describe, expect, it } from 'vitest';
import { banner, clientConfigs } from './serve.js';

const skillsDir = resolve(import.meta.dirname, '..', '..', '..', '..', 'skills');

describe('serve banner', () => {
  it('counts gmail, which needs a login, as not ready and says what to run', async () => {
    const root = await mkdtemp(join(tmpdir(), 'oc-cli-banner-'));
    const serve = await startServe({
      home: join(root, 'home'),
      workspace: join(root, 'ws'),
      userHome: join(root, 'user'),
      sources: [skillsDir],
      env: {},
      port: 0,
      watch: false,
      auth: { vault: createMemoryVault() },
    });
    try {
      const configs = clientConfigs(serve.info, {
        node: process.execPath,
        bin: 'openclaw-skill',
        home: serve.host.home,
        workspace: root,
      });
      const text = await banner(serve, configs);
      expect(text).toContain('1 ready of 2 skills (weather)');
      expect(text).toContain('gmail needs login: run `openclaw-skill auth login gmail`');
    } finally {
      await serve.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
