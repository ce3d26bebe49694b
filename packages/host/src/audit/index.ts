export { AuditLog } from './log.js';
export type { AuditLogOptions } from './log.js';
export { formatAuditLine } from './line.js';
export type { AuditEntry, AuditLine, ApprovalOutcome } from './line.js';
export { canonicalJson, Digest, digest64, digestOf, UNSERIALIZABLE } from './canonical-json.js';
