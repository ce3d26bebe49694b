// One undo stack per operation: each step that changes something pushes what puts it back,
// and a failure unwinds them newest first. Undo steps are best effort (a failing one does not
// stop the others); what they cannot put back, the journal's reconcile does.
export class UndoStack {
  readonly #steps: (() => Promise<unknown>)[] = [];

  push(step: () => Promise<unknown>): void {
    this.#steps.push(step);
  }

  async unwind(): Promise<void> {
    for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
      await step().catch(() => undefined);
    }
  }
}
