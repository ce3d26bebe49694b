// Calls waiting for a person's yes, live from the server's event stream: approve once,
// always (for the rest of that session) or deny; the waiting call then goes on.
import { useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { PendingApproval } from '@openclaw/skill-host/api-types';

export function Approvals({ pending }: { pending: PendingApproval[] }) {
  const [error, setError] = useState('');
  const answer = (id: string, answer: 'once' | 'always' | 'deny') =>
    api('POST', `/approvals/${encodeURIComponent(id)}`, { answer }).then(
      () => setError(''),
      (e) => setError(errorText(e)),
    );
  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      <p role="status" class="note">
        {pending.length === 0
          ? 'No call is waiting for approval.'
          : `${pending.length} call${pending.length === 1 ? '' : 's'} waiting for approval.`}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <ul class="cards">
        {pending.map((p) => (
          <li key={p.id} class="card" aria-labelledby={`ap-${p.id}`}>
            <h2 id={`ap-${p.id}`}>{p.tool}</h2>
            <p>Needs approval because {p.reason}.</p>
            <dl class="facts">
              <dt>Skill</dt>
              <dd>{p.skill}</dd>
              <dt>Session</dt>
              <dd>{p.sessionId ?? 'library call'}</dd>
              <dt>Waiting since</dt>
              <dd>{new Date(p.since).toLocaleTimeString()}</dd>
            </dl>
            <h3>Input</h3>
            <pre class="input" tabIndex={0} aria-label={`Input of ${p.tool}`}>
              {JSON.stringify(p.input, null, 2)}
            </pre>
            <div class="actions">
              <button type="button" class="primary" onClick={() => answer(p.id, 'once')}>
                Approve once
              </button>
              <button type="button" onClick={() => answer(p.id, 'always')}>
                Always in this session
              </button>
              <button type="button" class="danger" onClick={() => answer(p.id, 'deny')}>
                Deny
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
