// One timer for all pending call deadlines. A setTimeout/clearTimeout pair per call costs
// more than the rest of the dispatch; a Set insert and delete cost a fraction of it.
// The timer keeps the process alive only while a deadline is pending.

export interface Deadline {
  /** Epoch milliseconds. */
  readonly at: number;
  expire(): void;
}

export class Deadlines {
  readonly #pending = new Set<Deadline>();
  #timer: NodeJS.Timeout | undefined;
  #armedFor = Infinity;

  add(d: Deadline): void {
    this.#pending.add(d);
    if (d.at < this.#armedFor) this.#arm(d.at);
    else if (this.#pending.size === 1) this.#timer?.ref();
  }

  delete(d: Deadline): void {
    if (this.#pending.delete(d) && this.#pending.size === 0) this.#timer?.unref();
  }

  get size(): number {
    return this.#pending.size;
  }

  #arm(at: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#armedFor = at;
    this.#timer = setTimeout(this.#fire, Math.max(0, at - Date.now()));
  }

  #fire = (): void => {
    this.#timer = undefined;
    this.#armedFor = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const d of this.#pending) {
      if (d.at <= now) {
        this.#pending.delete(d);
        try {
          d.expire();
        } catch {
          // expire() settles a call; nothing a failure here could be reported to.
        }
      } else if (d.at < next) next = d.at;
    }
    if (next !== Infinity) this.#arm(next);
  };
}
