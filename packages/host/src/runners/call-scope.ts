// The call a piece of skill code is running for. A skill builds its tools once, from one
// SkillContext, yet `ctx.auth` must hand out tokens for the scopes of the tool being called
// only (a tool must not borrow a sibling's wider scope). The runner enters a scope around
// each tool invocation; the host side of `ctx.auth` reads it. Worker and sandbox runners
// carry the call id over their RPC and re-enter the scope on the host side.
//
// Entered only for skills that declare `auth`: AsyncLocalStorage turns on promise hooks on
// Node 20, which would tax every call of every other skill.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CallScope {
  readonly skill: string;
  /** Canonical tool name (`gmail.send`). */
  readonly tool: string;
  readonly callId: string;
  readonly session?: string | undefined;
}

const storage = new AsyncLocalStorage<CallScope>();

export function runInCallScope<T>(scope: CallScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The call the current code runs for, or undefined outside a tool call (e.g. createTools). */
export function currentCallScope(): CallScope | undefined {
  return storage.getStore();
}

/** True when the skill's manifest declares at least one auth provider. */
export function needsCallScope(skill: { manifest?: { auth?: object } | undefined }): boolean {
  const auth = skill.manifest?.auth;
  return auth !== undefined && Object.keys(auth).length > 0;
}
