export { run, buildProgram } from './program.js';
export { memoryIo, processIo, EXIT } from './io.js';
export type { Io } from './io.js';
