export { createInlineRunner } from './inline.js';
export { createActivator, type Activator, type ActivatorDeps } from './activations.js';
export type { ActiveSkill, Runner, RunnerKind } from './types.js';
export { currentCallScope, runInCallScope, needsCallScope, type CallScope } from './call-scope.js';
