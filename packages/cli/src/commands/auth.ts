// `openclaw-skill auth login|logout|status|set-key|rotate-key`: connect a skill to a provider once, see
// what is granted (never a token), and disconnect (revoking at the provider).
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { registerLogin } from './auth-login.js';
import { registerLogout } from './auth-logout.js';
import { registerStatus } from './auth-status.js';
import { registerRotateKey } from './auth-rotate-key.js';
import { registerSetKey } from './auth-set-key.js';

export function configure(auth: Command, io: Io): void {
  registerLogin(auth, io);
  registerLogout(auth, io);
  registerStatus(auth, io);
  registerSetKey(auth, io);
  registerRotateKey(auth, io);
}
