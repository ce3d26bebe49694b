// Every skill with its status, source, version, runner, problems (with a hint) and tools;
// enable/disable, install from a name with the consent screen, update, rollback, remove.
// Refetched whenever the catalog changes (an install from another terminal included).
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, errorText } from '../api.js';
import type {
  DashboardSkillsReply,
  InstallSummary,
  ViewSkill,
  ViewTool,
} from '@openclaw/skill-host/api-types';
import { TrustFacts } from './trust.js';

const STATUS_TEXT: Record<ViewSkill['status'], string> = {
  ready: 'Ready',
  disabled: 'Disabled',
  ineligible: 'Not eligible',
  invalid: 'Broken',
  'needs-login': 'Needs login',
};

export function Skills({ tick }: { tick: number }) {
  const [skills, setSkills] = useState<ViewSkill[] | undefined>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [consent, setConsent] = useState<Consent | undefined>();

  useEffect(() => {
    api<DashboardSkillsReply>('GET', '/dashboard/skills').then(
      (r) => setSkills(r.skills),
      (e) => setError(errorText(e)),
    );
  }, [tick]);

  const act = async (label: string, run: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await run();
      setMessage(label);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  /**
   * Install and update stop at consent first: serve answers with the summary, shown here;
   * on yes the same request goes again with the summary's integrity, so exactly what the
   * person saw is installed.
   */
  const withConsent = async (
    label: string,
    send: (extra: Record<string, unknown>) => Promise<unknown>,
  ) => {
    setBusy(true);
    setError('');
    setConsent(undefined);
    try {
      await send({});
      setMessage(label);
    } catch (e) {
      const summary =
        e instanceof ApiError && e.code === 'APPROVAL_REQUIRED' ? e.details?.summary : undefined;
      if (summary)
        setConsent({
          summary: summary as InstallSummary,
          go: (integrity) => {
            setConsent(undefined);
            return act(label, () => send({ integrity }));
          },
        });
      else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="skills-title">
      <h1 id="skills-title">Skills</h1>
      <Install
        busy={busy}
        install={(spec) =>
          withConsent(`Installed ${spec}.`, (extra) => api('POST', '/skills', { spec, ...extra }))
        }
      />
      {consent && (
        <ConsentDialog consent={consent} busy={busy} cancel={() => setConsent(undefined)} />
      )}
      <p role="status" class="note">
        {message}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!skills ? (
        <p>Loading…</p>
      ) : (
        <ul class="cards" aria-label="Skills">
          {skills.map((s) => (
            <SkillCard
              key={`${s.name}:${s.dir}`}
              skill={s}
              busy={busy}
              act={act}
              withConsent={withConsent}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type Send = (extra: Record<string, unknown>) => Promise<unknown>;

function SkillCard({
  skill: s,
  busy,
  act,
  withConsent,
}: {
  skill: ViewSkill;
  busy: boolean;
  act: (label: string, run: () => Promise<unknown>) => void;
  withConsent: (label: string, send: Send) => void;
}) {
  const id = `skill-${s.name}-${s.source}`;
  const name = encodeURIComponent(s.name);
  // Removing asks once more, inside the card (no browser dialog: keyboard and readers see it).
  const [confirming, setConfirming] = useState(false);
  return (
    <li class="card" aria-labelledby={id} data-skill={s.name}>
      <div class="card-head">
        <h2 id={id}>{s.displayName ?? s.name}</h2>
        <span class={`badge status-${s.status}`}>{STATUS_TEXT[s.status]}</span>
      </div>
      <p>{s.description}</p>
      <Facts skill={s} />
      {s.shadowWarnings?.map((w) => (
        <p class="problem sev-warning" key={w}>
          {w}
        </p>
      ))}
      {s.login && (
        <p class="hint">
          Connect an account on the <a href="#accounts">Accounts</a> page, or run{' '}
          <code>{s.login}</code>.
        </p>
      )}
      {s.problems.length > 0 && <Problems problems={s.problems} />}
      {s.tools.length > 0 && <Tools tools={s.tools} skill={s.name} />}
      {!s.shadowedBy && s.source !== 'builtin' && (
        <div class="actions">
          <ToggleButton skill={s} busy={busy} act={act} />
          {s.installed && (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  withConsent(`${s.name} updated.`, (extra) =>
                    api('POST', `/skills/${name}/update`, extra),
                  )
                }
              >
                Update <span class="sr">{s.name}</span>
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  act(`${s.name} rolled back.`, () => api('POST', `/skills/${name}/rollback`, {}))
                }
              >
                Roll back <span class="sr">{s.name}</span>
              </button>
              <button
                type="button"
                class="danger"
                disabled={busy}
                aria-expanded={confirming}
                onClick={() => setConfirming(!confirming)}
              >
                Remove <span class="sr">{s.name}</span>
              </button>
            </>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmRemove
          skill={s.name}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onRemove={() => {
            setConfirming(false);
            act(`${s.name} removed.`, () => api('DELETE', `/skills/${name}`));
          }}
        />
      )}
    </li>
  );
}

/** Enables a disabled skill, disables any other. */
function ToggleButton({
  skill: s,
  busy,
  act,
}: {
  skill: ViewSkill;
  busy: boolean;
  act: (label: string, run: () => Promise<unknown>) => void;
}) {
  const to = s.status === 'disabled' ? 'enable' : 'disable';
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() =>
        act(`${s.name} ${to}d.`, () =>
          api('POST', `/dashboard/skills/${encodeURIComponent(s.name)}/${to}`, {}),
        )
      }
    >
      {to === 'enable' ? 'Enable' : 'Disable'} <span class="sr">{s.name}</span>
    </button>
  );
}

/** Removing asks once more, inside the card: keyboard users and screen readers see it. */
function ConfirmRemove({
  skill,
  busy,
  onRemove,
  onCancel,
}: {
  skill: string;
  busy: boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  return (
    <div class="actions confirm" role="group" aria-label={`Remove ${skill}?`}>
      <span>Remove {skill} and its tools?</span>
      <button type="button" class="danger" disabled={busy} onClick={onRemove}>
        Yes, remove <span class="sr">{skill}</span>
      </button>
      <button type="button" onClick={onCancel}>
        Keep <span class="sr">{skill}</span>
      </button>
    </div>
  );
}

function Facts({ skill: s }: { skill: ViewSkill }) {
  return (
    <dl class="facts">
      <dt>Name</dt>
      <dd>{s.name}</dd>
      <dt>Version</dt>
      <dd>{s.version}</dd>
      <dt>Source</dt>
      <dd>{s.source}</dd>
      {s.runner && (
        <>
          <dt>Runner</dt>
          <dd>{s.runner}</dd>
        </>
      )}
      {s.shadowedBy && (
        <>
          <dt>Shadowed by</dt>
          <dd>{s.shadowedBy}</dd>
        </>
      )}
      {s.managedBy && <ManagedBy managedBy={s.managedBy} />}
      {s.trust && <TrustFacts signature={s.trust.signature} provenance={s.trust.provenance} />}
    </dl>
  );
}

function ManagedBy({ managedBy: m }: { managedBy: NonNullable<ViewSkill['managedBy']> }) {
  return (
    <>
      <dt>Managed by</dt>
      <dd>
        {m.tool}
        {m.source ? ` (${m.source})` : ''}: update with <code>{m.update}</code>
      </dd>
    </>
  );
}

function Problems({ problems }: { problems: ViewSkill['problems'] }) {
  return (
    <div class="problems">
      <h3>Problems</h3>
      <ul>
        {problems.map((p, i) => (
          <li key={i} class={`problem sev-${p.severity}`}>
            <strong>{p.severity === 'error' ? 'Error' : 'Warning'}:</strong> {p.message}
            <br />
            <span class="hint">Hint: {p.hint}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Tools({ tools, skill }: { tools: ViewTool[]; skill: string }) {
  return (
    <details class="tools">
      <summary>
        {tools.length} tool{tools.length === 1 ? '' : 's'}
        <span class="sr"> of {skill}</span>
      </summary>
      <ul>
        {tools.map((t) => (
          <li key={t.name}>
            <code>{t.name}</code> {t.description}
            <div class="tags">
              {Object.entries(t.annotations ?? {})
                .filter(([k, v]) => k.endsWith('Hint') && v === true)
                .map(([k]) => (
                  <span key={k} class="tag">
                    {k
                      .replace(/Hint$/, '')
                      .replace(/([A-Z])/g, ' $1')
                      .toLowerCase()}
                  </span>
                ))}
              <span class={`tag approval-${t.approval}`} title={t.approvalWhy}>
                {t.approval === 'ask'
                  ? 'asks approval'
                  : t.approval === 'deny'
                    ? 'denied by config'
                    : 'runs without asking'}
              </span>
              {t.auth && (
                <span class="tag">
                  {t.auth.provider}: {t.auth.scopes.join(', ') || 'no scopes'}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}

interface Consent {
  summary: InstallSummary;
  go(integrity: string): Promise<void>;
}

/** Install by name (an npm name with a range, a tarball or a folder on this machine). */
function Install({ busy, install }: { busy: boolean; install: (spec: string) => Promise<void> }) {
  const [spec, setSpec] = useState('');
  return (
    <div class="install">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (spec.trim()) void install(spec.trim()).then(() => setSpec(''));
        }}
      >
        <label for="install-spec">Install a skill (npm name, tarball or folder)</label>
        <div class="row">
          <input
            id="install-spec"
            value={spec}
            onInput={(e) => setSpec((e.target as HTMLInputElement).value)}
            placeholder="weather-skill@1"
            autoComplete="off"
          />
          <button type="submit" class="primary" disabled={busy || !spec.trim()}>
            Review
          </button>
        </div>
      </form>
    </div>
  );
}

/** What the package is and may do, before anything is installed. */
function ConsentDialog({
  consent: { summary, go },
  busy,
  cancel,
}: {
  consent: Consent;
  busy: boolean;
  cancel: () => void;
}) {
  return (
    <div class="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title">
      <h2 id="consent-title">
        {summary.previousVersion ? 'Update to' : 'Install'} {summary.name}@{summary.version}?
      </h2>
      <p>{summary.description}</p>
      <dl class="facts">
        <dt>Package</dt>
        <dd>{summary.package}</dd>
        {summary.previousVersion && (
          <>
            <dt>Replaces</dt>
            <dd>{summary.previousVersion}</dd>
          </>
        )}
        <dt>From</dt>
        <dd>{summary.resolved}</dd>
        {(summary.signature || summary.provenance) && (
          <TrustFacts signature={summary.signature} provenance={summary.provenance} />
        )}
        <dt>Network</dt>
        <dd>{summary.permissions.network.join(', ') || 'none'}</dd>
        <dt>Environment</dt>
        <dd>{summary.permissions.env.join(', ') || 'none'}</dd>
        <dt>Files</dt>
        <dd>{summary.permissions.fs}</dd>
        <dt>Scopes</dt>
        <dd>
          {Object.entries(summary.scopes)
            .map(([k, v]) => `${k}: ${v.join(', ')}`)
            .join('; ') || 'none'}
        </dd>
      </dl>
      <h3>Tools</h3>
      <ul>
        {summary.tools.map((t) => (
          <li key={t.name}>
            <code>{t.name}</code> {t.description}
            {t.destructive && <span class="tag danger-tag">destructive</span>}
            {t.approval === 'required' && <span class="tag">asks approval</span>}
          </li>
        ))}
      </ul>
      {summary.warnings.length > 0 && (
        <>
          <h3>Warnings</h3>
          <ul>
            {summary.warnings.map((w, i) => (
              <li key={i} class="problem sev-warning">
                {w.message}
                {w.file && ` (${w.file})`}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.localDependencies && summary.localDependencies.length > 0 && (
        <>
          <h3>Local dependencies: the skill may read these folders</h3>
          <ul>
            {summary.localDependencies.map((d) => (
              <li key={d.name} class="problem sev-warning">
                <code>{d.name}</code> {d.path}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.grants && <GrantedFolders grants={summary.grants} />}
      {summary.scripts.length > 0 && (
        <p class="hint">Install scripts ({summary.scripts.join(', ')}) are never run.</p>
      )}
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => void go(summary.integrity)}
        >
          {summary.previousVersion ? 'Update' : 'Install'}
        </button>
        <button type="button" disabled={busy} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Folders the host config already grants the skill, and whether its runner holds it to them. */
function GrantedFolders({ grants }: { grants: NonNullable<InstallSummary['grants']> }) {
  return (
    <>
      <h3>Folders the host config grants it</h3>
      <ul>
        {grants.read.map((f) => (
          <li key={`r:${f}`}>
            read: <code>{f}</code>
          </li>
        ))}
        {grants.write.map((f) => (
          <li key={`w:${f}`}>
            read and write: <code>{f}</code>
          </li>
        ))}
      </ul>
      {grants.unenforced && <p class="problem sev-warning">{grants.unenforced}</p>}
    </>
  );
}
