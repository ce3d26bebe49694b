export { AuditLog } from './log.js';
export type { AuditLogOptions } from './log.js';
export { AuditLineFormatter, CATALOG_PARTS_MAX } from './line.js';
export type { AuditEntry, AuditLine, ApprovalOutcome, HookOutcome } from './line.js';
export { canonicalJson, UNSERIALIZABLE } from './canonical-json.js';
export { Digest, digest64, digestOf, inputDigest } from './digest.js';
