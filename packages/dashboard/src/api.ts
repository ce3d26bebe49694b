// Talks to serve's control API from the page. The control token arrives once in the URL
// fragment (never sent to a server by the browser, never in a log line) and is traded for an
// HttpOnly session cookie; every state-changing request also carries the session's CSRF
// token in a header, which a page on another site cannot read or set.
import type { ApiErrorBody, SessionReply, StreamEvent } from '@openclaw/skill-host/api-types';

export class ApiError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  constructor(
    readonly status: number,
    body: ApiErrorBody,
  ) {
    super(body.message);
    this.code = body.code;
    this.hint = body.hint;
    this.details = body.details;
  }
}

let csrf = '';

const TOKEN_FRAGMENT = /^#token=([^&]+)/;

/** Signs in with the fragment's token or the existing cookie; false when neither works. */
export async function signIn(): Promise<boolean> {
  const m = TOKEN_FRAGMENT.exec(location.hash);
  let res: Response;
  if (m) {
    // Strip the token from the address bar and history before anything else happens.
    history.replaceState(null, '', `${location.pathname}#skills`);
    res = await fetch('/api/session', {
      method: 'POST',
      headers: { authorization: `Bearer ${decodeURIComponent(m[1]!)}` },
    });
  } else {
    res = await fetch('/api/session');
  }
  if (!res.ok) return false;
  csrf = ((await res.json()) as SessionReply).csrf;
  return true;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-openclaw-csrf'] = csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api${path}`, {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const value = (await res.json().catch(() => ({}))) as {
    error?: ApiErrorBody;
  };
  if (!res.ok) {
    const e = value.error ?? { code: 'HTTP_' + res.status, message: res.statusText };
    throw new ApiError(res.status, e);
  }
  return value as T;
}

export type ServerEvent = StreamEvent;

/** Server-sent events from serve; the browser reconnects by itself after a drop. */
export function subscribe(on: (event: ServerEvent, data: unknown) => void): () => void {
  const source = new EventSource('/api/events');
  for (const name of ['catalog', 'approvals', 'auth', 'audit'] as const)
    source.addEventListener(name, (e) => on(name, JSON.parse((e as MessageEvent<string>).data)));
  return () => source.close();
}

export const errorText = (e: unknown): string =>
  e instanceof ApiError
    ? `${e.message}${e.hint ? ` ${e.hint}` : ''}`
    : e instanceof Error
      ? e.message
      : String(e);
