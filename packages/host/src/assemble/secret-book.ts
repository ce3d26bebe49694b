// Every secret value the host knows, for redaction: the scan's (skill settings, env, MCP
// headers, store URL) plus what tracked sources have seen (the auth manager's tokens, refresh
// tokens, client secrets and keys). The list is rebuilt only when one of them changes, so the
// redactor cache keyed by it stays warm.

/** A source of secrets that grows over time; `version` changes whenever its values do. */
export interface SecretSource {
  version(): number;
  knownValues(): Iterable<string>;
}

export class SecretBook {
  #scanned: string[] = [];
  #source: SecretSource | undefined;
  #all: string[] = [];
  #builtFrom: [string[], number] = [[], -1];

  /** Replaces the scan's values (each publish of a snapshot). */
  setScanned(values: string[]): void {
    this.#scanned = values;
  }

  /** Adds the source whose values join the scan's; the auth manager, once it exists. */
  track(source: SecretSource): void {
    this.#source = source;
    this.#builtFrom = [[], -1];
  }

  /** The same array as long as nothing changed (identity matters to the redactor cache). */
  values(): string[] {
    const v = this.#source?.version() ?? 0;
    if (this.#builtFrom[0] !== this.#scanned || this.#builtFrom[1] !== v) {
      this.#all =
        v && this.#source ? [...this.#scanned, ...this.#source.knownValues()] : this.#scanned;
      this.#builtFrom = [this.#scanned, v];
    }
    return this.#all;
  }
}
