import { errorCauses } from '@openclaw/skill-sdk';

// Its own module so a connection can classify errors without loading the MCP SDK.

/** A connection refused or a host not found, anywhere in the error's cause chain. */
export function isRefused(e: unknown): boolean {
  for (const c of errorCauses(e)) {
    const code = (c as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') return true;
  }
  return false;
}
