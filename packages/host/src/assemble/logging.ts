// The host's logger and events. Both exist before any other part, so every part can log from
// the moment it is constructed; what the logger redacts is read from the secret book on each
// line, so secrets learnt later (a rescan, a login) are redacted from then on.
import type { Logger as PinoLogger } from 'pino';
import type { Logger } from '@openclaw/skill-sdk';
import { redactingLogger } from '../context/logger.js';
import { createEmitter, type Emitter, type HostEvents } from '../events.js';
import { lazyLogger, loadPino } from '../lazy.js';
import { RedactorCache, type Redactor } from '../redact/index.js';
import type { SecretBook } from './secret-book.js';

export function defaultLogger(env: NodeJS.ProcessEnv): PinoLogger {
  // stderr: stdout belongs to the embedding program (and to MCP over stdio). Created on the
  // first log line: most runs never log.
  return lazyLogger(() => {
    const { pino } = loadPino();
    return pino(
      { name: 'skill-host', level: env.OPENCLAW_SKILLS_LOG_LEVEL ?? 'warn' },
      pino.destination({ dest: 2, sync: true }),
    );
  });
}

export interface HostLogging {
  /** The embedder's (or default) logger; skill loggers are children of it. */
  readonly base: PinoLogger;
  /** The host's own lines, redacted. */
  readonly logger: Logger;
  /** The redactor for the secrets known now. */
  readonly redactor: () => Redactor;
  readonly events: Emitter<HostEvents>;
}

export function createHostLogging(base: PinoLogger, secrets: SecretBook): HostLogging {
  const redactors = new RedactorCache();
  const redactor = () => redactors.get(secrets.values());
  const logger = redactingLogger(base, redactor);
  const events = createEmitter<HostEvents>((event, e) =>
    logger.error({ err: e, event }, `A "${String(event)}" listener threw; the host carries on.`),
  );
  return { base, logger, redactor, events };
}
