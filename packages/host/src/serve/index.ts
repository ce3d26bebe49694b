/**
 * `startServe`: the host as a service (MCP over stdio or Streamable HTTP, and the control API).
 * @module @openclaw/skill-host/serve
 */
// @openclaw/skill-host/serve: the host as a service (MCP server and control API). A subpath,
// so agents that embed the host never load the MCP SDK or the HTTP server.
export { startServe, DEFAULT_DRAIN_MS, type ServeOptions, type RunningServe } from './serve.js';
export { readServeFile, serveFilePath, pidAlive, type ServeInfo } from './serve-file.js';
export { createMcpServer, skillUri, PROMPT_NAME, type McpServerOptions } from './mcp-server.js';
export { DEFAULT_MAX_BODY_BYTES } from './guard.js';
export { DEFAULT_TIMEOUTS, type ServeTimeouts } from './http.js';

export { CallTracker } from './calls.js';
