// MCP servers in CLI commands: start the configured ones (they start lazily in a library
// host) so list, tools, prompt and doctor show their real state and tools.
import type { McpServerStatus, SkillHost } from '@openclaw/skill-host';
import type { Io } from './io.js';

/** Starts every enabled server and waits until each is ready or failing. */
export async function startMcpServers(host: SkillHost, io: Io): Promise<McpServerStatus[]> {
  const configured = host.mcp.servers();
  const toStart = configured.filter((s) => s.state === 'stopped');
  if (toStart.length > 0) {
    // Starting a server can take seconds (npx downloads, slow initialize): say so.
    if (io.isTTY) {
      io.stderr(
        `Starting ${toStart.length} MCP server${toStart.length > 1 ? 's' : ''}: ${toStart.map((s) => s.name).join(', ')}...\n`,
      );
    }
    await host.mcp.start();
  }
  return host.mcp.servers();
}

/** One line per server: state, transport, tool count, and why it fails. */
export function serverLine(s: McpServerStatus, width: number): string {
  const mark = s.state === 'ready' ? '✓' : s.state === 'disabled' ? '-' : '✗';
  const tools =
    s.state === 'ready' ? ` ${s.tools.length} tool${s.tools.length === 1 ? '' : 's'}` : '';
  const why = s.reason ? `: ${s.reason}` : '';
  return `${mark} ${s.name.padEnd(width)}  ${s.state}${why}  (${s.transport}${tools})\n`;
}
