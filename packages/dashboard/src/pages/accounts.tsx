// Each OAuth provider a skill uses, with its grants (account, scopes, expiry, state).
// "Connect" runs the authorization-code flow in this browser: serve starts the flow, this
// page goes to the provider, and the provider's redirect comes back here. "Disconnect"
// revokes at the provider and forgets the grant.
import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type {
  AccountsReply,
  Grant,
  LoginStartReply,
  LogoutReply,
  ViewAccount,
} from '@openclaw/skill-host/api-types';

const when = (ms: number | undefined) => (ms ? new Date(ms).toLocaleString() : 'unknown');

export function Accounts({ tick, note }: { tick: number; note: string }) {
  const [accounts, setAccounts] = useState<ViewAccount[] | undefined>();
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');

  useEffect(() => {
    api<AccountsReply>('GET', '/dashboard/accounts').then(
      (r) => setAccounts(r.accounts),
      (e) => setError(errorText(e)),
    );
  }, [tick]);

  const connect = async (a: ViewAccount) => {
    setError('');
    try {
      const { url } = await api<LoginStartReply>('POST', '/dashboard/auth/login', {
        skill: a.skill,
        key: a.key,
      });
      location.assign(url);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const disconnect = async (g: Grant) => {
    setError('');
    try {
      const r = await api<LogoutReply>('POST', '/dashboard/auth/logout', {
        skill: g.skill,
        provider: g.provider,
        account: g.account,
      });
      const revoked = r.results.some((x) => x.revoked);
      setMessage(
        `${g.skill} is disconnected from ${g.provider}${revoked ? ' (revoked at the provider)' : ''}.`,
      );
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section aria-labelledby="accounts-title">
      <h1 id="accounts-title">Accounts</h1>
      <p role="status" class="note">
        {message || note}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!accounts ? (
        <p>Loading…</p>
      ) : accounts.length === 0 ? (
        <p>No skill uses an OAuth account.</p>
      ) : (
        <ul class="cards" aria-label="Accounts">
          {accounts.map((a) => {
            const id = `acct-${a.skill}-${a.key}`;
            return (
              <li key={id} class="card" aria-labelledby={id} data-account={`${a.skill}/${a.key}`}>
                <div class="card-head">
                  <h2 id={id}>
                    {a.skill} · {a.provider}
                  </h2>
                  <span class={`badge ${a.needsLogin ? 'status-needs-login' : 'status-ready'}`}>
                    {a.needsLogin ? 'Needs login' : 'Connected'}
                  </span>
                </div>
                <p>
                  Scopes the tools need: {a.scopes.join(', ') || 'none'}
                  {a.missing.length > 0 && a.grants.length > 0 && (
                    <> (missing: {a.missing.join(', ')})</>
                  )}
                </p>
                {a.grants.length > 0 && (
                  <ul class="grants">
                    {a.grants.map((g) => (
                      <li key={g.id} data-grant={g.id}>
                        <GrantFacts grant={g} />
                        <button type="button" class="danger" onClick={() => disconnect(g)}>
                          Disconnect <span class="sr">{`${g.skill} ${g.account}`}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <div class="actions">
                  <button type="button" class="primary" onClick={() => connect(a)}>
                    {a.grants.length ? 'Reconnect' : 'Connect'}{' '}
                    <span class="sr">{`${a.skill} to ${a.provider}`}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function GrantFacts({ grant: g }: { grant: Grant }) {
  return (
    <dl class="facts">
      <dt>Account</dt>
      <dd>{g.account}</dd>
      <dt>State</dt>
      <dd>
        {g.state}
        {g.reason && ` (${g.reason})`}
      </dd>
      <dt>Scopes</dt>
      <dd>{g.scopes.join(', ')}</dd>
      <dt>Expires</dt>
      <dd>{when(g.expiresAt)}</dd>
    </dl>
  );
}
