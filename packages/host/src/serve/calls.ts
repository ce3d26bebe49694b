// Tool calls in flight, so a shutdown can stop taking new ones, let the running ones finish
// (for a bounded time), and only then close the transports and flush the audit log.

export class CallTracker {
  #running = 0;
  #closing = false;
  #idle: Array<() => void> = [];
  readonly #abort = new AbortController();

  /** Aborted when a drain runs out of time: calls in flight see it through their signal. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  get running(): number {
    return this.#running;
  }

  /** Whether new calls are still taken. */
  get open(): boolean {
    return !this.#closing;
  }

  async track<T>(run: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await run();
    } finally {
      this.#running--;
      if (this.#running === 0) for (const wake of this.#idle.splice(0)) wake();
    }
  }

  /**
   * Stops taking calls and resolves once none is running: true when they all finished within
   * `boundMs`, false when the rest were aborted at the bound (and then finished).
   */
  async drain(boundMs: number): Promise<boolean> {
    this.#closing = true;
    if (this.#running === 0) return true;
    const idle = new Promise<void>((resolve) => this.#idle.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), boundMs);
      timer.unref();
    });
    const finished = await Promise.race([idle.then(() => true), timedOut]);
    clearTimeout(timer);
    if (finished) return true;
    this.#abort.abort(new Error('serve is shutting down'));
    await idle;
    return false;
  }
}
