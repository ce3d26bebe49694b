// The smaller decisions startServe makes before it listens: whether another serve owns this
// home, who answers approvals, and the watch that tells dashboard pages about new audit lines.
import { watch as watchFs, type FSWatcher } from 'node:fs';
import { SkillError, type Logger } from '@openclaw/skill-sdk';
import type { ApprovalHandler } from '../router/types.js';
import { ApprovalBroker, firstAnswer } from './approvals.js';
import type { EventStreams } from './events-stream.js';
import { pidAlive, readServeFile } from './serve-file.js';

/**
 * Whether this serve runs the control API. MCP clients spawn a stdio serve each (Claude
 * Desktop and Cursor at once is normal): one that finds a serve already running leaves the
 * control API and serve.json to it, and sees that serve's installs through the watched store.
 * An HTTP serve that finds one running is refused.
 */
export function ownsControlApi(home: string, mcpMode: 'http' | 'stdio'): boolean {
  const existing = readServeFile(home);
  const other = existing && existing.pid !== process.pid && pidAlive(existing.pid);
  if (!other) return true;
  if (mcpMode === 'stdio') return false;
  throw new SkillError(
    'SERVE_UNAVAILABLE',
    `A serve is already running for ${home} (pid ${existing.pid}, ${existing.url}).`,
    { hint: 'Use that one, stop it first, or pass another --home.' },
  );
}

/**
 * With the dashboard, the broker is the host's approval handler (library calls included);
 * a handler the embedding code passed is asked too, and the first answer wins.
 */
export function approvalsFor(
  dashboard: boolean,
  libraryApprove: ApprovalHandler | undefined,
): { broker?: ApprovalBroker; approve?: ApprovalHandler } {
  if (!dashboard) return { ...(libraryApprove && { approve: libraryApprove }) };
  const broker = new ApprovalBroker();
  const approve: ApprovalHandler = libraryApprove
    ? firstAnswer(async (req) => libraryApprove(req), broker.ask)
    : (req) => broker.ask(req);
  return { broker, approve };
}

/** New audit lines, for the Activity page (the home exists once serve.json is written). */
export function watchAuditLog(
  home: string,
  streams: EventStreams,
  logger: Logger,
): FSWatcher | undefined {
  let timer: NodeJS.Timeout | undefined;
  try {
    const w = watchFs(home, (_event, name) => {
      if (name !== 'audit.jsonl' || streams.size === 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => streams.send('audit', {}), 100);
    });
    w.on('error', () => w.close());
    return w;
  } catch (e) {
    logger.warn({ err: e }, 'Not watching the audit log; the Activity page updates on reload.');
    return undefined;
  }
}
