// The login's secrets: random opaque tokens, kept only as SHA-256 digests (a leaked state
// file gives no usable token), and the PKCE check. Pure functions.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token with a prefix saying what it is (`ocs_at_` access, `ocs_rt_` refresh). */
export const newSecret = (prefix: string): string => prefix + randomBytes(32).toString('base64url');

/** The digest a token is stored and looked up by. */
export const digestOf = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('base64url');

/** PKCE with S256 (RFC 7636): BASE64URL(SHA256(verifier)) equals the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  // RFC 7636: 43 to 128 characters of the unreserved set.
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
