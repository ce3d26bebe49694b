// Client ID Metadata Documents: a client whose client_id is a URL is identified by the JSON
// document at that URL (its name and redirect URIs), fetched when it asks to authorize. The
// URL must be https with a path, or http on loopback (a tool on this machine).
import type { LoginClient } from './store.js';
import { redirectUriProblem } from './redirect-uris.js';

const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a client_id has the form of a metadata document URL. */
export function isDocumentClientId(clientId: string): boolean {
  let u: URL;
  try {
    u = new URL(clientId);
  } catch {
    return false;
  }
  if (u.pathname === '/' || u.hash || u.username || u.password) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
}

/** The client a document describes, or why it cannot be used. */
export function clientFromDocument(
  clientId: string,
  doc: unknown,
  now: number,
): LoginClient | { problem: string } {
  if (typeof doc !== 'object' || doc === null) return { problem: 'it is not a JSON object' };
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId)
    return { problem: 'its client_id is not the URL it was fetched from' };
  const uris = d.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string'))
    return { problem: 'redirect_uris is missing or not a list of URLs' };
  const bad = (uris as string[]).map(redirectUriProblem).find(Boolean);
  if (bad) return { problem: `a redirect URI is refused: ${bad}` };
  const name =
    typeof d.client_name === 'string' && d.client_name.trim() ? d.client_name : undefined;
  return {
    id: clientId,
    name: (name ?? new URL(clientId).host).slice(0, 100),
    redirectUris: uris as string[],
    kind: 'document',
    registeredAt: now,
  };
}

/** Fetches and checks the document (no redirects, bounded size and time). */
export async function fetchClientDocument(
  clientId: string,
  now: number,
  fetchFn: typeof fetch = fetch,
): Promise<LoginClient | { problem: string }> {
  let res: Response;
  try {
    res = await fetchFn(clientId, {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    return { problem: `fetching it failed (${(e as Error).message})` };
  }
  if (!res.ok) return { problem: `fetching it answered HTTP ${res.status}` };
  const text = await res.text();
  if (Buffer.byteLength(text) > MAX_BYTES)
    return { problem: `it is larger than ${MAX_BYTES} bytes` };
  try {
    return clientFromDocument(clientId, JSON.parse(text), now);
  } catch {
    return { problem: 'it is not JSON' };
  }
}
