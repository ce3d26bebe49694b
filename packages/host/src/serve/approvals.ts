// The approval broker of serve: a call that needs a person's yes waits in a pending list
// that the dashboard shows live (server-sent events) and answers: approve once, always for
// the rest of that session, or deny. It asks only while a dashboard page is open; otherwise
// it says no one can be asked (the router then answers APPROVAL_REQUIRED as before). When an
// MCP client can ask too (elicitation), both are asked and the first answer wins
// (firstAnswer below); the other question is withdrawn.
import { randomUUID } from 'node:crypto';
import { SkillError } from '@openclaw/skill-sdk';
import type {
  ApprovalAnswer as HandlerAnswer,
  ApprovalHandler,
  ApprovalRequest,
} from '../router/types.js';

export type ApprovalAnswer = 'once' | 'always' | 'deny';

/** What the page sees of a waiting call: no context object, no signal. */
export interface PendingApproval {
  id: string;
  tool: string;
  skill: string;
  reason: string;
  input: unknown;
  sessionId?: string;
  since: number;
}

interface Waiting {
  view: PendingApproval;
  settle(approved: boolean, always?: boolean): void;
}

/** Thrown by a handler that has no one to ask; the router answers APPROVAL_REQUIRED. */
export const noOneToAsk = (tool: string): SkillError =>
  new SkillError('APPROVAL_REQUIRED', `No one can be asked to approve ${tool} right now.`);

const LIBRARY_SESSION = '(library)';

export class ApprovalBroker {
  readonly #waiting = new Map<string, Waiting>();
  /** `<session>\0<tool>` the user allowed for the rest of that session. */
  readonly #always = new Set<string>();
  readonly #listeners = new Set<(pending: PendingApproval[]) => void>();
  #viewers = 0;

  /** A dashboard page holds the event stream open: while any does, calls wait for it. */
  viewerJoined(): () => void {
    this.#viewers++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#viewers--;
    };
  }

  /** Dashboard pages with the event stream open. */
  get viewers(): number {
    return this.#viewers;
  }

  get available(): boolean {
    return this.#viewers > 0;
  }

  pending(): PendingApproval[] {
    return [...this.#waiting.values()].map((w) => w.view);
  }

  onChange(listener: (pending: PendingApproval[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether the user already allowed this tool for this call's session. */
  remembered(req: ApprovalRequest): boolean {
    return this.#always.has(keyOf(req));
  }

  /**
   * An ApprovalHandler: true/false once the page answers; rejects with noOneToAsk when no
   * page is open; withdraws the question when `signal` (or the call's own) aborts.
   */
  readonly ask = (req: ApprovalRequest, signal?: AbortSignal): Promise<boolean> => {
    if (this.remembered(req)) return Promise.resolve(true);
    if (!this.available) return Promise.reject(noOneToAsk(req.tool.name));
    return new Promise<boolean>((resolve) => {
      const id = randomUUID();
      const signals = [signal, req.ctx.signal].filter((s): s is AbortSignal => s !== undefined);
      const withdraw = () => settle(false);
      const settle = (approved: boolean) => {
        if (!this.#waiting.delete(id)) return;
        for (const s of signals) s.removeEventListener('abort', withdraw);
        this.#emit();
        resolve(approved);
      };
      this.#waiting.set(id, {
        view: {
          id,
          tool: req.tool.name,
          skill: req.tool.skill,
          reason: req.reason,
          input: req.input,
          ...(req.ctx.sessionId !== undefined && { sessionId: req.ctx.sessionId }),
          since: Date.now(),
        },
        settle: (approved, always) => {
          if (approved && always) this.#always.add(keyOf(req));
          settle(approved);
        },
      });
      for (const s of signals) {
        if (s.aborted) return withdraw();
        s.addEventListener('abort', withdraw, { once: true });
      }
      this.#emit();
    });
  };

  /** Answers a waiting call; false when it is no longer waiting (answered or gone). */
  answer(id: string, answer: ApprovalAnswer): boolean {
    const w = this.#waiting.get(id);
    if (!w) return false;
    w.settle(answer !== 'deny', answer === 'always');
    return true;
  }

  /** Denies everything waiting (serve is closing). */
  close(): void {
    for (const w of [...this.#waiting.values()]) w.settle(false);
    this.#listeners.clear();
  }

  #emit(): void {
    const pending = this.pending();
    for (const l of [...this.#listeners]) l(pending);
  }
}

const keyOf = (req: ApprovalRequest) => `${req.ctx.sessionId ?? LIBRARY_SESSION}\0${req.tool.name}`;

type Asker = (req: ApprovalRequest, signal: AbortSignal) => Promise<boolean | HandlerAnswer>;

/**
 * Asks every asker at once; the first answer wins and the others are withdrawn (their
 * signal aborts). An asker that has no one to ask (rejects) drops out; when all drop out,
 * the last rejection is the answer.
 */
export function firstAnswer(...askers: Asker[]): ApprovalHandler {
  return (req) =>
    new Promise<boolean | HandlerAnswer>((resolve, reject) => {
      const withdraw = new AbortController();
      let left = askers.length;
      for (const ask of askers) {
        ask(req, withdraw.signal).then(
          (answer) => {
            if (withdraw.signal.aborted) return;
            withdraw.abort();
            resolve(answer);
          },
          (e: unknown) => {
            if (--left === 0 && !withdraw.signal.aborted) reject(e);
          },
        );
      }
    });
}
