export { createInlineRunner } from './inline.js';
export { createWorkerRunner, type WorkerRunnerOptions } from './worker.js';
export { createSandboxRunner, type SandboxRunnerOptions } from './sandbox.js';
export { runnerKindFor } from './choose.js';
export { createActivator, type Activator, type ActivatorDeps } from './activations.js';
export type { ActiveSkill, Runner, RunnerKind } from './types.js';
export { currentCallScope, runInCallScope, needsCallScope, type CallScope } from './call-scope.js';
