/**
 * Whether a process with this id exists (EPERM: it exists, owned by someone else). Used for
 * files that name their owner's pid: serve.json, and the lock files of refresh and install.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
