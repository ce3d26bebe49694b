// One listener connected after the emitter is built: for two parts that need each other
// (the MCP clients tell the scanner a server changed; the scanner reads the clients'
// records), the first is built with the signal and the second connects to it.
export class Signal {
  #listener: (() => void) | undefined;

  /** Fires the listener, if one is connected (a change before that has nothing to update). */
  readonly fire = (): void => {
    this.#listener?.();
  };

  connect(listener: () => void): void {
    this.#listener = listener;
  }
}
