// Which redirect URIs a client may register or name, and when a named one matches. Pure.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'blob:', 'vbscript:']);

/**
 * https anywhere, http only on loopback (native apps, RFC 8252), or a private-use scheme of
 * an app (`cursor://…`). No fragment. Returns why not, or undefined when it is fine.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (u.hash) return `${uri} has a fragment`;
  if (u.protocol === 'https:') return undefined;
  if (u.protocol === 'http:')
    return LOOPBACK.has(u.hostname) ? undefined : `${uri} is http on a host other than loopback`;
  if (REFUSED_SCHEMES.has(u.protocol)) return `${uri} uses the ${u.protocol} scheme`;
  return undefined;
}

/**
 * Exact match, except that a loopback http redirect may use any port: native clients take a
 * free port at each login (RFC 8252 section 7.3).
 */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== 'http:' || !LOOPBACK.has(g.hostname)) return false;
  return registered.some((r) => {
    try {
      const u = new URL(r);
      return (
        u.protocol === 'http:' &&
        u.hostname === g.hostname &&
        u.pathname === g.pathname &&
        u.search === g.search
      );
    } catch {
      return false;
    }
  });
}
