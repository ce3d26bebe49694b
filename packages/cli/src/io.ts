// Output goes through an Io object so commands are testable in-process and the binary
// stays a thin wrapper.
import { fdWriter } from './fd-write.js';
export const EXIT = { OK: 0, ERROR: 1, USAGE: 2 } as const;

export interface Io {
  stdout(s: string): void;
  stderr(s: string): void;
  /** Set by a command that wants a non-zero exit without throwing. */
  exitCode?: number;
  /** Whether stdin/stdout are a terminal (prompts are refused without one). */
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): Io {
  return ioOfProcess(
    (s) => void process.stdout.write(s),
    (s) => void process.stderr.write(s),
  );
}

/**
 * The binary's Io: the process's, writing straight to its descriptors until something uses
 * the streams (see fd-write.ts). Not for a library user, whose own writes to process.stdout
 * this one could overtake.
 */
export function binaryIo(): Io {
  return ioOfProcess(fdWriter('stdout'), fdWriter('stderr'));
}

function ioOfProcess(stdout: Io['stdout'], stderr: Io['stderr']): Io {
  return {
    stdout,
    stderr,
    // Read when a command asks: touching process.stdin creates its stream (a pipe, a TTY or
    // a file), which costs a fresh process tens of milliseconds that most commands never use.
    get isTTY() {
      return Boolean(process.stdin.isTTY && process.stdout.isTTY);
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

/** An Io that records output, for tests. */
export function memoryIo(init: Partial<Io> = {}): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    env: {},
    cwd: process.cwd(),
    ...init,
    stdout(s: string) {
      io.out += s;
    },
    stderr(s: string) {
      io.err += s;
    },
  };
  return io;
}

export function printJson(io: Io, value: unknown): void {
  io.stdout(JSON.stringify(value, null, 2) + '\n');
}
