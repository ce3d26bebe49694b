export * from './names.js';
export * from './types.js';
export { toolDefinitions, definitionsByName, sortedTools, strictSchemas } from './definitions.js';
export { toStrictSchema, restoreOptional } from './strict-schema.js';
export { toGeminiSchema, toGeminiParameters } from './gemini-schema.js';
export * from './wire-result.js';
export { fromWireCalls, type FromWireOptions } from './wire-calls.js';
