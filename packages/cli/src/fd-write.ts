// Writes for the binary, straight to the file descriptor while it can. The first use of
// process.stdout (or stderr) creates its stream: on a pipe, a net.Socket and the stream and
// network modules behind it, some 3 ms of a command that takes fifty, to print a few lines.
// A write(2) of the same bytes needs none of it.
//
// What the stream would print is unchanged, and so is its order:
// - on Windows a console wants the stream's own conversion, so the stream is always used;
// - once anything touches process.stdout or stderr (a prompt, serve's stdio transport, a
//   write that failed here), every later write goes through that stream too, so no byte
//   written here can overtake one the stream still holds;
// - a write that fails (a full non-blocking pipe, a closed reader, a closed descriptor) hands
//   the bytes not written to the stream, which reports it exactly as it did before.
import { writeSync } from 'node:fs';

type StdName = 'stdout' | 'stderr';

/**
 * A writer of `process[name]`'s text, to `fd` (that stream's own descriptor unless a test
 * says otherwise). Only the binary uses one, made before anything reads process[name]: it
 * watches that property from then on.
 */
export function fdWriter(name: StdName, fd = name === 'stdout' ? 1 : 2): (s: string) => void {
  let streamUsed = process.platform === 'win32' || !watchStream(name, () => (streamUsed = true));
  return (s) => {
    if (streamUsed) {
      process[name].write(s);
      return;
    }
    const rest = writeAll(fd, s);
    if (rest) process[name].write(rest);
  };
}

/**
 * Writes `s` to `fd`; returns what it could not write (undefined when all of it was). Only
 * the binary's own process calls it, for text it would otherwise give the stream.
 */
export function writeAll(fd: number, s: string): Buffer | undefined {
  const bytes = Buffer.from(s);
  let done = 0;
  try {
    while (done < bytes.length) {
      const n = writeSync(fd, bytes, done);
      if (n <= 0) break;
      done += n;
    }
  } catch {
    // The stream gets the rest and reports the failure as it always has.
  }
  return done < bytes.length ? bytes.subarray(done) : undefined;
}

/**
 * Calls `onUse` when something first reads process[name]; false when that cannot be watched
 * (the property is not Node's own lazy getter), in which case the stream is always used.
 */
function watchStream(name: StdName, onUse: () => void): boolean {
  const own = Object.getOwnPropertyDescriptor(process, name);
  const get = own?.get;
  if (!own?.configurable || !get) return false;
  Object.defineProperty(process, name, {
    ...own,
    get() {
      onUse();
      return get.call(this) as NodeJS.WriteStream;
    },
  });
  return true;
}
