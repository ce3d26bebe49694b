// Rescans and installs run one at a time, in order: each makes a new snapshot version from
// the one before. After close() nothing new starts; close() waits for what is queued.
import { SkillError } from '@openclaw/skill-sdk';

export class ExclusiveQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #closed = false;

  get closed(): boolean {
    return this.#closed;
  }

  /** Runs `fn` after everything queued before it; a failure does not stop the queue. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(() => {
      if (this.#closed) throw new SkillError('SKILL_UNAVAILABLE', 'The skill host is closed.');
      return fn();
    });
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Refuses new work from now on (what is queued then fails with SKILL_UNAVAILABLE). */
  close(): void {
    this.#closed = true;
  }

  /** Settles once everything queued so far has. */
  idle(): Promise<unknown> {
    return this.#tail;
  }
}
