// The dashboard shell: signs in (fragment token -> cookie), keeps one server-sent event
// stream open, and shows one of four pages chosen by the URL fragment.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { signIn, subscribe, type ServerEvent } from './api.js';
import { Accounts } from './pages/accounts.js';
import { Activity } from './pages/activity.js';
import { Approvals } from './pages/approvals.js';
import { Clients } from './pages/clients.js';
import { Consent } from './pages/consent.js';
import { Skills } from './pages/skills.js';
import type { ApprovalsEvent, AuthEvent, PendingApproval } from '@openclaw/skill-host/api-types';
import './style.css';

const PAGES = [
  { id: 'skills', label: 'Skills' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'approvals', label: 'Approvals' },
  { id: 'activity', label: 'Activity' },
  { id: 'clients', label: 'Clients' },
] as const;
type PageId = (typeof PAGES)[number]['id'];

/** `#consent/<id>`: the login of an MCP client waits for an answer here. */
const consentFromHash = (): string | undefined =>
  /^#consent\/([A-Za-z0-9_-]+)$/.exec(location.hash)?.[1];

const pageFromHash = (): PageId => {
  const id = location.hash.slice(1).split('?')[0];
  return PAGES.find((p) => p.id === id)?.id ?? 'skills';
};

/** Counters bumped by server events: pages refetch when theirs changes. */
export type Ticks = Record<ServerEvent, number>;

function App() {
  const [signed, setSigned] = useState<'pending' | 'in' | 'out'>('pending');
  const [page, setPage] = useState<PageId>(pageFromHash);
  const [consent, setConsent] = useState<string | undefined>(consentFromHash);
  const [ticks, setTicks] = useState<Ticks>({ catalog: 0, approvals: 0, auth: 0, audit: 0 });
  const [pending, setPending] = useState<PendingApproval[]>([]);
  const [authNote, setAuthNote] = useState<string>('');

  useEffect(() => {
    signIn().then(
      (ok) => setSigned(ok ? 'in' : 'out'),
      () => setSigned('out'),
    );
    const onHash = () => {
      setPage(pageFromHash());
      setConsent(consentFromHash());
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (signed !== 'in') return;
    return subscribe((event, data) => {
      setTicks((t) => ({ ...t, [event]: t[event] + 1 }));
      if (event === 'approvals') setPending((data as ApprovalsEvent).pending);
      if (event === 'auth') {
        const d = data as AuthEvent;
        if (d.error) setAuthNote(`Connecting ${d.skill} failed: ${d.error}`);
        else if (d.connected)
          setAuthNote(`${d.skill} is connected to ${d.provider} as ${d.connected}.`);
      }
    });
  }, [signed]);

  useEffect(() => {
    const label = PAGES.find((p) => p.id === page)!.label;
    document.title = `${label} · OpenClaw skills`;
  }, [page]);

  if (signed === 'pending') return <p class="status">Signing in…</p>;
  if (signed === 'out')
    return (
      <main class="signed-out">
        <h1>OpenClaw skills</h1>
        <p>
          This dashboard needs the key of the running serve. Open it with{' '}
          <code>openclaw-skill dashboard</code>, which prints a link that signs this browser in.
        </p>
        {consent && (
          <p>
            An MCP client is asking to use your skills. Sign this browser in first, then start the
            client&apos;s login again.
          </p>
        )}
      </main>
    );

  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <span class="brand">OpenClaw skills</span>
        <nav aria-label="Pages">
          <ul>
            {PAGES.map((p) => (
              <li key={p.id}>
                <a href={`#${p.id}`} aria-current={p.id === page ? 'page' : undefined}>
                  {p.label}
                  {p.id === 'approvals' && pending.length > 0 && (
                    <span class="count" aria-label={`${pending.length} waiting`}>
                      {pending.length}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {consent && <Consent id={consent} />}
        {!consent && page === 'skills' && <Skills tick={ticks.catalog + ticks.auth} />}
        {page === 'accounts' && <Accounts tick={ticks.auth + ticks.catalog} note={authNote} />}
        {page === 'approvals' && <Approvals pending={pending} />}
        {page === 'activity' && <Activity tick={ticks.audit} />}
        {!consent && page === 'clients' && <Clients />}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
