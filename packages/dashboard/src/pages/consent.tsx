// The consent step of an MCP client's login: the authorize endpoint sent the browser here
// with a request id; the person allows or denies, and the browser goes back to the client.
import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { ConsentAnswerReply, ConsentView } from '@openclaw/skill-host/api-types';

export function Consent({ id }: { id: string }) {
  const [view, setView] = useState<ConsentView | undefined>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<ConsentView>('GET', `/dashboard/logins/consent/${encodeURIComponent(id)}`).then(
      setView,
      (e) => setError(errorText(e)),
    );
  }, [id]);

  const answer = (answer: 'allow' | 'deny') => {
    setBusy(true);
    api<ConsentAnswerReply>('POST', `/dashboard/logins/consent/${encodeURIComponent(id)}`, {
      answer,
    }).then(
      (r) => location.assign(r.redirect),
      (e) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };

  return (
    <section aria-labelledby="consent-title" class="consent">
      <h1 id="consent-title">
        {view ? `${view.clientName} wants to use your skills` : 'Connect an MCP client'}
      </h1>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {view && (
        <>
          <p>
            Allowing lets this client list and call the tools of your skills through this serve,
            until you revoke it on the Clients page.
          </p>
          <dl class="facts">
            <dt>Client</dt>
            <dd>{view.clientId}</dd>
            <dt>Goes back to</dt>
            <dd>{view.redirectTo}</dd>
            <dt>Resource</dt>
            <dd>{view.resource}</dd>
          </dl>
          <div class="actions">
            <button type="button" class="primary" disabled={busy} onClick={() => answer('allow')}>
              Allow
            </button>
            <button type="button" class="danger" disabled={busy} onClick={() => answer('deny')}>
              Deny
            </button>
          </div>
        </>
      )}
    </section>
  );
}
