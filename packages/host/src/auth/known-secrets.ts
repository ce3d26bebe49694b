// Secret values the auth manager has seen (tokens, refresh tokens, client secrets, keys),
// for the host's redactor. Bounded, oldest first out, so a long-running host does not grow
// forever; `version` changes whenever a value is added, so the redactor rebuilds only then.

/** Values kept at most. */
export const MAX_KNOWN_SECRETS = 2000;

export class KnownSecrets {
  readonly #values = new Set<string>();
  #version = 0;

  constructor(private readonly max = MAX_KNOWN_SECRETS) {}

  /** Adds a value (empty and repeated values change nothing). */
  readonly remember = (v: string | undefined): void => {
    if (!v || this.#values.has(v)) return;
    if (this.#values.size >= this.max) this.#values.delete(this.#values.values().next().value!);
    this.#values.add(v);
    this.#version++;
  };

  values(): ReadonlySet<string> {
    return this.#values;
  }

  version(): number {
    return this.#version;
  }
}
