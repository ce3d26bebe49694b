export { createRedactor, RedactorCache, REDACTED, MIN_SECRET_LENGTH } from './redact.js';
export type { Redactor } from './redact.js';
export { SECRET_PATTERNS, SECRET_FIELD_NAMES } from './patterns.js';
