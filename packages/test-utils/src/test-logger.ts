// A pino logger for a host under test: what the host and its skills log becomes records in
// `lines` (for assertions), never lines in the test output.
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export interface LogLine {
  /** pino's number: 30 info, 40 warn, 50 error. */
  level: number;
  msg: string;
  /** The tool of the call that logged it, when a skill logged during a call. */
  tool?: string;
  [key: string]: unknown;
}

export function testLogger(lines: LogLine[] = []): { logger: Logger; lines: LogLine[] } {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}
