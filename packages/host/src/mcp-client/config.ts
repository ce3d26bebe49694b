// Config entries to server specs (pure). A bad entry becomes a problem for that server only:
// the host keeps serving everything else.
import type { ValidateFunction } from 'ajv';
import type { Problem } from '@openclaw/skill-sdk';
import { loadAjv, loadPicomatch } from '../lazy.js';
import { describeSchemaError } from '../config/load.js';
import { mcpServerSchema, type HostConfig, type McpServerSettings } from '../config/schema.js';

export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
export const DEFAULT_MCP_START_TIMEOUT_MS = 30_000;
/**
 * Server names become part of tool names: what every provider accepts, and never "__" or a
 * trailing "_", so `mcp__<server>__<tool>` splits back into server and tool one way only.
 */
const SERVER_NAME = /^[a-zA-Z0-9](?:[a-zA-Z0-9_-]*[a-zA-Z0-9-])?$/;

interface Common {
  name: string;
  enabled: boolean;
  eager: boolean;
  timeoutMs: number;
  startTimeoutMs: number;
  trusted: boolean;
  include: string[];
  exclude: string[];
  /** Whether a tool of this server (by its own name) is offered. */
  offers(tool: string): boolean;
}
export type ServerSpec = Common &
  (
    | {
        transport: 'stdio';
        command: string;
        args: string[];
        env: Record<string, string>;
        cwd?: string;
      }
    | { transport: 'http' | 'sse'; url: URL; headers: Record<string, string> }
  );

export type SpecResult = { spec: ServerSpec } | { name: string; problem: Problem };

export function serverSpecs(config: HostConfig, configFile: string): SpecResult[] {
  return Object.entries(config.mcpServers ?? {}).map(([name, s]) =>
    serverSpec(name, s, configFile),
  );
}

let entryValidator: ValidateFunction | undefined;
const checkEntry = (entry: unknown): ValidateFunction => {
  // Compiled on first use: only hosts with MCP servers pay for it.
  entryValidator ??= new (loadAjv().Ajv)({ allErrors: true, verbose: true, strict: false }).compile(
    mcpServerSchema,
  );
  entryValidator(entry);
  return entryValidator;
};

export function serverSpec(name: string, s: McpServerSettings, configFile: string): SpecResult {
  const bad = (message: string, field = `mcpServers.${name}`): SpecResult => ({
    name,
    problem: { code: 'MCP_CONFIG', severity: 'error', file: configFile, field, message },
  });
  if (!SERVER_NAME.test(name) || name.includes('__')) {
    return bad(
      `MCP server name "${name}" must be letters, digits, "-" or single "_" inside (it becomes part of the tool names mcp__${name}__<tool>).`,
    );
  }
  // The host config lets a bad entry through (the host must start): checked here.
  const errors = checkEntry(s).errors;
  if (errors?.length) {
    const e = errors[0]!;
    const first = describeSchemaError(e, `/mcpServers/${name}`);
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    // The field to fix: the value's path, or the unknown key itself.
    const extra = (e.params as { additionalProperty?: unknown }).additionalProperty;
    const path = e.instancePath + (typeof extra === 'string' ? `/${extra}` : '');
    const field = `mcpServers.${name}${path.split('/').join('.')}`;
    return bad(
      `MCP server "${name}" is not usable: ${first}${more}; fix it in ${configFile}.`,
      field,
    );
  }
  if (s.type !== undefined && s.transport !== undefined && s.type !== s.transport) {
    return bad(
      `MCP server "${name}" has "type": "${s.type}" and "transport": "${s.transport}"; keep one.`,
    );
  }
  const type = s.type ?? s.transport;
  const include = s.include?.length ? loadPicomatch()(s.include, { dot: true }) : undefined;
  const exclude = s.exclude?.length ? loadPicomatch()(s.exclude, { dot: true }) : undefined;
  const common: Common = {
    name,
    enabled: s.enabled !== false && s.disabled !== true,
    eager: s.eager === true,
    timeoutMs: s.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS,
    startTimeoutMs: s.startTimeoutMs ?? DEFAULT_MCP_START_TIMEOUT_MS,
    trusted: s.trusted === true,
    include: s.include ?? [],
    exclude: s.exclude ?? [],
    offers: (tool) => (!include || include(tool)) && !exclude?.(tool),
  };
  if (s.command !== undefined && s.url !== undefined) {
    return bad(`MCP server "${name}" has both "command" and "url"; keep one.`);
  }
  if (s.command !== undefined) {
    if (s.command.trim() === '') return bad(`MCP server "${name}" has an empty "command".`);
    if (type && type !== 'stdio') {
      return bad(`MCP server "${name}" has transport "${type}" but a "command"; use "url".`);
    }
    return {
      spec: {
        ...common,
        transport: 'stdio',
        command: s.command,
        args: s.args ?? [],
        env: s.env ?? {},
        ...(s.cwd !== undefined && { cwd: s.cwd }),
      },
    };
  }
  if (s.url !== undefined) {
    if (type === 'stdio') {
      return bad(`MCP server "${name}" has transport "stdio" but a "url"; use "command".`);
    }
    let url: URL;
    try {
      url = new URL(s.url);
    } catch {
      return bad(`MCP server "${name}" has an invalid "url": ${s.url}`, `mcpServers.${name}.url`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return bad(`MCP server "${name}": "url" must be http: or https:, got ${url.protocol}`);
    }
    return {
      spec: {
        ...common,
        transport: type === 'sse' ? 'sse' : 'http',
        url,
        headers: s.headers ?? {},
      },
    };
  }
  return bad(
    `MCP server "${name}" needs "command" (a program speaking MCP on stdio) or "url" (Streamable HTTP).`,
  );
}

/** The canonical (and wire) name of a server's tool. */
export const mcpToolName = (server: string, tool: string): string => `mcp__${server}__${tool}`;
/** The catalog record name of a server (its tools' `skill`). */
export const mcpRecordName = (server: string): string => `mcp__${server}`;

/** After every folder source: a skill never loses its name to a server. */
export const MCP_PRECEDENCE = 1_000;
