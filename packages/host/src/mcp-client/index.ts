export { McpClients, type McpClientsOptions, type McpServerStatus } from './manager.js';
export { DEFAULT_BACKOFF, backoffDelay, type Backoff, type Schedule } from './backoff.js';
export { mcpToolName, mcpRecordName, serverSpec, type ServerSpec } from './config.js';
export type { ServerState } from './connection.js';
export { ContentResult, blockText, fromMcpResult, type ContentBlock } from './content.js';
