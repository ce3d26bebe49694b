// Memoises a loader of a heavy dependency: the first call loads, later calls reuse. A load that
// throws is not remembered, so the next call tries again (and reports its own error).

/** `load` run on the first call only; every call returns that first result. */
export function once<T>(load: () => T): () => T {
  let loaded = false;
  let value: T;
  return () => {
    if (!loaded) {
      value = load();
      loaded = true;
    }
    return value;
  };
}
