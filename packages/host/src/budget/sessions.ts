// Per-session state of the tool budget: the tools a session found with tools_search (part
// of its next lists), and who the session's last list was for (so tools_search answers
// with what that caller may call, named as its format names them). Bounded: the least
// recently used session is forgotten first, and each keeps its latest finds.
import type { ToolFormat } from '../formats/types.js';
import type { Caller } from './caller.js';

export const MAX_SESSIONS = 1_000;
export const MAX_REVEALED = 16;

interface SessionState {
  caller: Caller | undefined;
  format: ToolFormat | undefined;
  revealed: readonly string[];
}

export class SessionTools {
  readonly #sessions = new Map<string, SessionState>();
  readonly #max: number;

  constructor(maxSessions = MAX_SESSIONS) {
    this.#max = maxSessions;
  }

  #touch(session: string): SessionState {
    let s = this.#sessions.get(session);
    if (s) this.#sessions.delete(session);
    else s = { caller: undefined, format: undefined, revealed: [] };
    this.#sessions.set(session, s);
    if (this.#sessions.size > this.#max) this.#sessions.delete(this.#sessions.keys().next().value!);
    return s;
  }

  /** Remembers who asked for the session's list, in which format. */
  listed(session: string, caller: Caller | undefined, format: ToolFormat): void {
    const s = this.#touch(session);
    s.caller = caller && {
      agentId: caller.agentId,
      isOwner: caller.isOwner,
      isSubagent: caller.isSubagent,
      policy: caller.policy,
    };
    s.format = format;
  }

  lastList(session: string): { caller: Caller | undefined; format: ToolFormat | undefined } {
    const s = this.#sessions.get(session);
    return { caller: s?.caller, format: s?.format };
  }

  /** Adds found tools to the session's next lists (newest kept when over the bound). */
  reveal(session: string, names: readonly string[]): void {
    const s = this.#touch(session);
    const merged = [...s.revealed.filter((n) => !names.includes(n)), ...names];
    s.revealed = Object.freeze(merged.slice(-MAX_REVEALED));
  }

  revealed(session: string): readonly string[] {
    return this.#sessions.get(session)?.revealed ?? [];
  }
}
