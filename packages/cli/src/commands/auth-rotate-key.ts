// `openclaw-skill auth rotate-key`: after every host has the new OPENCLAW_SKILLS_ENCRYPTION_KEY
// (and the old one in OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS), re-encrypts every secret of
// the shared store under the new key, so the old one can be dropped. Nobody is logged out.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  hostPaths,
  loadHostConfig,
  resolveHome,
  rotateStoreKey,
} from '@openclaw/skill-host/internal';
import { userHomeOf } from '../host.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';

export function registerRotateKey(auth: Command, io: Io): void {
  auth
    .command('rotate-key')
    .description(
      "Re-encrypt the shared store's secrets under OPENCLAW_SKILLS_ENCRYPTION_KEY (old keys in OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS)",
    )
    .action(async (_o, cmd: Command) => {
      const opts = globalOptions(cmd);
      const userHome = userHomeOf(io);
      const home = resolveHome({
        ...(opts.home && { home: resolve(io.cwd, opts.home) }),
        env: io.env,
        ...(userHome && { userHome }),
      });
      const paths = hostPaths(home);
      const config = await loadHostConfig(paths.config);
      const r = await rotateStoreKey({ config, configFile: paths.config, env: io.env });
      if (opts.json) return printJson(io, r);
      io.stdout(
        `Re-encrypted ${r.reencrypted} secret(s) under key ${r.keyId}; ${r.current} already were. The previous keys can be removed from every host.\n`,
      );
    });
}
