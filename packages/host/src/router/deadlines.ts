// One timer for all pending call deadlines. A setTimeout/clearTimeout pair per call costs
// more than the rest of the dispatch; linking a node into a list and out again costs a few
// pointer writes (no hashing, no allocation beyond the node).
//
// The timer keeps the process alive only while a deadline is pending. Calls that run one
// after another would switch it between ref and unref twice per call (each a trip into
// C++), so letting go is deferred to the end of the event-loop turn: a burst of calls
// costs one check, and a process with nothing pending still exits.

export interface Deadline {
  /** performance.now() milliseconds (monotonic: a system clock change moves no deadline). */
  readonly at: number;
  expire(): void;
  /** List links, owned by Deadlines. */
  prev?: Deadline | undefined;
  next?: Deadline | undefined;
  linked?: boolean | undefined;
}

export class Deadlines {
  #head: Deadline | undefined;
  #size = 0;
  #timer: NodeJS.Timeout | undefined;
  #armedFor = Infinity;
  #refed = false;
  #idleCheck = false;

  add(d: Deadline): void {
    d.prev = undefined;
    d.next = this.#head;
    if (this.#head) this.#head.prev = d;
    this.#head = d;
    d.linked = true;
    this.#size++;
    if (d.at < this.#armedFor) this.#arm(d.at);
    else if (!this.#refed) {
      this.#timer?.ref();
      this.#refed = true;
    }
  }

  delete(d: Deadline): void {
    if (!d.linked) return;
    d.linked = false;
    if (d.prev) d.prev.next = d.next;
    else this.#head = d.next;
    if (d.next) d.next.prev = d.prev;
    d.prev = d.next = undefined;
    if (--this.#size === 0 && !this.#idleCheck) {
      this.#idleCheck = true;
      setImmediate(this.#letGo);
    }
  }

  get size(): number {
    return this.#size;
  }

  #letGo = (): void => {
    this.#idleCheck = false;
    if (this.#size === 0 && this.#refed) {
      this.#timer?.unref();
      this.#refed = false;
    }
  };

  #arm(at: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#armedFor = at;
    this.#timer = setTimeout(this.#fire, Math.max(0, at - performance.now()));
    this.#refed = true;
  }

  #fire = (): void => {
    this.#timer = undefined;
    this.#armedFor = Infinity;
    this.#refed = false;
    const now = performance.now();
    // Unlink what is due first: expire() runs caller code (abort listeners) that may
    // settle and unlink other calls while the list is being walked.
    const due: Deadline[] = [];
    let next = Infinity;
    for (let d = this.#head; d; d = d.next) {
      if (d.at <= now) due.push(d);
      else if (d.at < next) next = d.at;
    }
    for (const d of due) this.delete(d);
    if (next !== Infinity) this.#arm(next);
    for (const d of due) {
      try {
        d.expire();
      } catch {
        // expire() settles a call; nothing a failure here could be reported to.
      }
    }
  };
}
