// Why a stdio MCP server failed, in one line from the end of its stderr. The last line alone
// is often useless (`Node.js v20.20.2`, a lone `}` or `^`): the telling line is the error a
// runtime prints (`Error: Cannot find module ...`, `ModuleNotFoundError: ...`, `panic: ...`),
// usually a dozen lines above a stack trace. Secrets the server was given (its env) and
// anything shaped like a token are redacted: the reason is shown by `list`, `doctor` and in
// the SKILL_UNAVAILABLE answers a model reads.
import { createRedactor } from '../redact/index.js';

/** Characters of a stdio server's stderr kept to explain why it failed (a bounded tail). */
export const STDERR_TAIL = 2_000;
/** Characters of the chosen line shown in a reason. */
const MAX_LINE = 300;

/** A line that starts with an error's name or an error word: the runtime's own report. */
const ERROR_LINE =
  /^(?:uncaught\s+)?(?:[\w.$]*(?:Error|Exception)(?:\s*\[[^\]]*\])?:|(?:error|fatal|panic)\b)/i;
/** Stack frames in the usual formats (V8, Python, Java, Go). */
const FRAME = /^(?:at\s|File\s"|Traceback\b|goroutine\s|\.\.\.\s\d+\smore)/;
/** A runtime's banner after a crash, or punctuation left of a printed object or caret. */
const NOISE = /^(?:Node\.js v\d|Bun v\d|Deno \d|Python \d|[\^~{}[\](),;\s]*$)/;

/**
 * The most telling line of a stderr tail: the first line that reports an error, else the
 * first other line that mentions one, else the last line that is not a banner or a frame.
 */
export function tellingLine(tail: string): string | undefined {
  let lines = tail.split(/\r?\n/).map((l) => l.trim());
  // A full tail was cut somewhere in its first line.
  if (tail.length >= STDERR_TAIL) lines = lines.slice(1);
  lines = lines.filter((l) => l !== '' && !FRAME.test(l));
  const line =
    lines.find((l) => ERROR_LINE.test(l)) ??
    lines.find((l) => /error/i.test(l) && !NOISE.test(l)) ??
    lines.findLast((l) => !NOISE.test(l));
  return line === undefined ? undefined : line.slice(0, MAX_LINE);
}

/** ` (stderr: <telling line>)` with `secrets` and token shapes redacted, or '' when none. */
export function stderrNote(tail: string, secrets: Iterable<string> = []): string {
  const line = tellingLine(tail);
  return line === undefined ? '' : ` (stderr: ${createRedactor(secrets).text(line)})`;
}
