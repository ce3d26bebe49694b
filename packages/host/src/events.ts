// The host's events. A small typed emitter instead of node:events so a throwing listener
// cannot break a rescan (it is reported to the logger) and the event names are checked.
import type { CatalogSnapshot } from './catalog/types.js';
import type { InstallResult } from './install/types.js';

export interface HostEvents {
  /** A new catalog snapshot replaced the previous one. */
  change: (snapshot: CatalogSnapshot) => void;
  /**
   * An install, update, remove or rollback took effect (after its `change`); `result` is
   * plain JSON, as `serve` forwards it.
   */
  install: (result: InstallResult) => void;
  /**
   * A watched file changed and the rescan it caused is published (after its `change`):
   * the changed paths, and the skills whose record is new (reloaded on their next call).
   */
  reload: (e: { paths: string[]; reloaded: string[]; snapshot: CatalogSnapshot }) => void;
  /**
   * The shared store's change feed was lost (the database went away: calls go on, installs
   * and refreshes wait) or is back (the host catches up with what changed meanwhile).
   */
  store: (e: { state: 'lost' | 'back' }) => void;
}

export type HostEventName = keyof HostEvents;

export interface Emitter<E extends { [K in keyof E]: (...args: never[]) => void }> {
  on<K extends keyof E>(event: K, listener: E[K]): void;
  off<K extends keyof E>(event: K, listener: E[K]): void;
  emit<K extends keyof E>(event: K, ...args: Parameters<E[K]>): void;
  clear(): void;
}

export function createEmitter<E extends { [K in keyof E]: (...args: never[]) => void }>(
  onListenerError: (event: keyof E, error: unknown) => void,
): Emitter<E> {
  const listeners = new Map<keyof E, Set<E[keyof E]>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      // A copy, so a listener that removes itself does not skip the next one.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as (...a: Parameters<E[typeof event]>) => void)(...args);
        } catch (e) {
          onListenerError(event, e);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
