// MCP clients connected through the login, with revoke: a revoked client's tokens stop
// working at once and it has to ask for consent again.
import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { ClientsReply, ConnectedClient } from '@openclaw/skill-host/api-types';

export function Clients() {
  const [clients, setClients] = useState<ConnectedClient[] | undefined>();
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);

  useEffect(() => {
    api<ClientsReply>('GET', '/dashboard/logins').then(
      (r) => setClients(r.clients),
      (e) => setError(errorText(e)),
    );
  }, [tick]);

  const revoke = (id: string) =>
    api('POST', `/dashboard/logins/${encodeURIComponent(id)}/revoke`).then(
      () => setTick((t) => t + 1),
      (e) => setError(errorText(e)),
    );

  return (
    <section aria-labelledby="clients-title">
      <h1 id="clients-title">Clients</h1>
      <p role="status" class="note">
        {clients === undefined
          ? 'Loading…'
          : clients.length === 0
            ? 'No MCP client is connected through a login. Clients configured with the token do not appear here.'
            : `${clients.length} client${clients.length === 1 ? '' : 's'} connected through a login.`}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <ul class="cards">
        {(clients ?? []).map((c) => (
          <li key={c.id} class="card" aria-labelledby={`cl-${c.id}`}>
            <h2 id={`cl-${c.id}`}>{c.clientName}</h2>
            <dl class="facts">
              <dt>Client</dt>
              <dd>{c.clientId}</dd>
              <dt>Connected</dt>
              <dd>{new Date(c.connectedAt).toLocaleString()}</dd>
              <dt>Last used</dt>
              <dd>{new Date(c.lastUsedAt).toLocaleString()}</dd>
            </dl>
            <div class="actions">
              <button type="button" class="danger" onClick={() => revoke(c.id)}>
                Revoke {c.clientName}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
