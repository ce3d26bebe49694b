// The audit log's tail with filters (skill, tool, outcome, session) and, per tool, a bar
// chart of median and slowest latency with the count of failures, to see at a glance what
// is slow or failing.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, errorText } from '../api.js';
import type { AuditLine, AuditTailReply } from '@openclaw/skill-host/api-types';

type Filter = { skill: string; tool: string; outcome: string; session: string };
const ALL = '';

/** Whole milliseconds from 10 ms up, one decimal below. */
export const ms = (n: number): string => `${n >= 10 ? Math.round(n) : Math.round(n * 10) / 10} ms`;

const distinct = (xs: (string | undefined)[]) =>
  [...new Set(xs.filter((x): x is string => !!x))].sort();

export function Activity({ tick }: { tick: number }) {
  const [lines, setLines] = useState<AuditLine[] | undefined>();
  const [error, setError] = useState('');
  const [filter, setFilter] = useState<Filter>({
    skill: ALL,
    tool: ALL,
    outcome: ALL,
    session: ALL,
  });

  useEffect(() => {
    api<AuditTailReply>('GET', '/audit?tail=500').then(
      (r) => setLines(r.entries),
      (e) => setError(errorText(e)),
    );
  }, [tick]);

  const shown = useMemo(
    () =>
      (lines ?? []).filter(
        (l) =>
          (!filter.skill || l.skill === filter.skill) &&
          (!filter.tool || l.tool === filter.tool) &&
          (!filter.outcome || l.outcome === filter.outcome) &&
          (!filter.session || l.sessionId === filter.session),
      ),
    [lines, filter],
  );

  const select = (key: keyof Filter, label: string, values: string[]) => (
    <div class="field">
      <label for={`f-${key}`}>{label}</label>
      <select
        id={`f-${key}`}
        value={filter[key]}
        onChange={(e) => setFilter({ ...filter, [key]: (e.target as HTMLSelectElement).value })}
      >
        <option value={ALL}>All</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );

  const all = lines ?? [];
  return (
    <section aria-labelledby="activity-title">
      <h1 id="activity-title">Activity</h1>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <form class="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        {select('skill', 'Skill', distinct(all.map((l) => l.skill)))}
        {select('tool', 'Tool', distinct(all.map((l) => l.tool)))}
        {select('outcome', 'Outcome', distinct(all.map((l) => l.outcome)))}
        {select('session', 'Session', distinct(all.map((l) => l.sessionId)))}
      </form>
      <LatencyChart lines={shown} />
      <h2>Calls</h2>
      <p role="status" class="note">
        {lines ? `${shown.length} of ${all.length} recent calls` : 'Loading…'}
      </p>
      <div class="scroll" tabIndex={0} role="region" aria-label="Recent calls">
        <table>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Tool</th>
              <th scope="col">Outcome</th>
              <th scope="col">Approval</th>
              <th scope="col">Duration</th>
              <th scope="col">Session</th>
            </tr>
          </thead>
          <tbody>
            {[...shown].reverse().map((l) => (
              <tr key={l.callId + l.time}>
                <td>{new Date(l.time).toLocaleTimeString()}</td>
                <td>
                  <code>{l.tool}</code>
                </td>
                <td class={l.outcome === 'ok' ? 'ok' : 'bad'}>{l.outcome}</td>
                <td>{l.approval ?? ''}</td>
                <td>{ms(l.durationMs)}</td>
                <td>{l.sessionId ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

interface ToolStats {
  tool: string;
  count: number;
  failed: number;
  median: number;
  max: number;
}

export function toolStats(lines: AuditLine[]): ToolStats[] {
  const by = new Map<string, AuditLine[]>();
  for (const l of lines) by.set(l.tool, [...(by.get(l.tool) ?? []), l]);
  return [...by.entries()]
    .map(([tool, ls]) => {
      const d = ls.map((l) => l.durationMs).sort((a, b) => a - b);
      return {
        tool,
        count: ls.length,
        failed: ls.filter((l) => l.outcome !== 'ok').length,
        median: d[Math.floor((d.length - 1) / 2)] ?? 0,
        max: d[d.length - 1] ?? 0,
      };
    })
    .sort((a, b) => b.max - a.max);
}

function LatencyChart({ lines }: { lines: AuditLine[] }) {
  const stats = toolStats(lines);
  if (stats.length === 0) return <p>No calls yet.</p>;
  const top = Math.max(1, ...stats.map((s) => s.max));
  const row = 34;
  const width = 100; // percent units inside a viewBox
  return (
    <figure class="chart">
      <figcaption>
        <h2>Latency per tool</h2>
        <span class="legend">
          <span class="swatch median" aria-hidden="true" /> median{' '}
          <span class="swatch max" aria-hidden="true" /> slowest
        </span>
      </figcaption>
      <ul class="bars">
        {stats.map((s) => (
          <li key={s.tool}>
            <span class="bar-label">
              <code>{s.tool}</code> {s.count} call{s.count === 1 ? '' : 's'}
              {s.failed > 0 && <span class="bad">, {s.failed} failed</span>}: median {ms(s.median)},
              slowest {ms(s.max)}
            </span>
            <svg
              viewBox={`0 0 ${width} 10`}
              preserveAspectRatio="none"
              height={row / 2}
              aria-hidden="true"
            >
              <rect class="max" x="0" y="0" width={(s.max / top) * width} height="10" />
              <rect class="median" x="0" y="2" width={(s.median / top) * width} height="6" />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  );
}
