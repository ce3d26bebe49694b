// The dashboard's side of the login, under /api/dashboard/logins: the consent request a
// browser was sent to (who asks, allow or deny) and the list of connected clients with revoke.
import type { ClientsReply, ConnectedClient, ConsentAnswerReply } from '../dashboard-replies.js';
import type { ConsentRequests } from './consent.js';
import type { LoginStore } from './store.js';

export interface DashboardReply {
  status: number;
  body: unknown;
}

/** An MCP client connected through the login, as the dashboard's Clients page lists it. */
const CONSENT = /^\/dashboard\/logins\/consent\/([A-Za-z0-9_-]+)$/;
const REVOKE = /^\/dashboard\/logins\/([A-Za-z0-9_-]+)\/revoke$/;

const gone: DashboardReply = {
  status: 404,
  body: {
    error: {
      code: 'NOT_FOUND',
      message: 'This login request is over (answered, or older than 10 minutes).',
      hint: 'Start the login again from the MCP client.',
    },
  },
};

export async function routeDashboardLogins(
  method: string,
  path: string,
  body: unknown,
  deps: { store: LoginStore; consents: ConsentRequests },
): Promise<DashboardReply | undefined> {
  if (path === '/dashboard/logins' && method === 'GET')
    return {
      status: 200,
      body: {
        clients: deps.store.listGrants().map((g): ConnectedClient => ({
          id: g.id,
          clientName: g.clientName,
          clientId: g.clientId,
          resource: g.resource,
          connectedAt: new Date(g.createdAt).toISOString(),
          lastUsedAt: new Date(g.lastUsedAt).toISOString(),
        })),
      } satisfies ClientsReply,
    };
  const consent = CONSENT.exec(path);
  if (consent && method === 'GET') {
    const view = deps.consents.view(consent[1]!);
    return view ? { status: 200, body: view } : gone;
  }
  if (consent && method === 'POST') {
    const answer = (body as { answer?: unknown } | undefined)?.answer;
    if (answer !== 'allow' && answer !== 'deny')
      return {
        status: 400,
        body: {
          error: {
            code: 'USAGE',
            message: 'The body must be { "answer": "allow" | "deny" }.',
            hint: 'Answer from the dashboard page.',
          },
        },
      };
    const redirect = deps.consents.answer(consent[1]!, answer === 'allow');
    return redirect ? { status: 200, body: { redirect } satisfies ConsentAnswerReply } : gone;
  }
  const revoke = REVOKE.exec(path);
  if (revoke && method === 'POST') {
    const revoked = await deps.store.revokeGrant(revoke[1]!);
    return revoked
      ? { status: 200, body: { revoked: true } }
      : {
          status: 404,
          body: {
            error: {
              code: 'NOT_FOUND',
              message: 'No connected client with that id.',
              hint: 'Reload the Clients page.',
            },
          },
        };
  }
  return undefined;
}
