// The host as an MCP server: one low-level SDK `Server` per MCP session (McpServer is too slow
// for a thousand tools and cannot take JSON Schema tools). Tools come from the catalog in the
// `mcp` format (computed once per snapshot), calls go through the router with the MCP session
// as the host session, each skill's SKILL.md is a resource and the prompt block a prompt.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { SkillHost } from '../host.js';
import { HOST_PACKAGE_VERSION } from '../version.js';
import type { ApprovalHandler, ApprovalRequest, CallContext } from '../router/types.js';
import { firstAnswer, type ApprovalBroker } from './approvals.js';
import type { CallTracker } from './calls.js';
import { mcpSurface, watchLists } from './mcp-surface.js';
import { registerSkills, skillsExtension, skillsService } from './mcp-skills.js';
import { skillFileUri } from './skill-files.js';
import { registerUtilities, withProgress } from './mcp-utilities.js';
import { promptSkills } from '../prompt/select.js';

export { PROMPT_NAME } from './mcp-surface.js';

/** What serve declares to MCP clients of either era. */
export const MCP_CAPABILITIES = {
  tools: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
  extensions: skillsExtension,
};

export interface McpServerOptions {
  host: SkillHost;
  calls: CallTracker;
  /** The host session of a call: the MCP session id over HTTP, one per process over stdio. */
  sessionId: (extraSessionId: string | undefined) => string;
  /** `<home>/config.json`, named in the hint when a call needs approval no one can give. */
  configFile: string;
  /**
   * The dashboard's approval broker: asked together with the client's elicitation (first
   * answer wins), or alone (as the host's handler) when the client cannot elicit.
   */
  broker?: ApprovalBroker;
  /** Tool names on the wire (default: config `serve.toolNames`, else `wire`). */
  toolNames?: 'wire' | 'canonical';
}

export const skillUri = (name: string): string => skillFileUri(name, 'SKILL.md');

export function createMcpServer(opts: McpServerOptions): Server {
  const { host } = opts;
  const surface = mcpSurface(opts);
  const server = new Server(
    { name: 'openclaw-skill-host', version: HOST_PACKAGE_VERSION },
    { capabilities: MCP_CAPABILITIES, instructions: surface.instructions() },
  );

  // The caller of a list is the caller of the calls: the session's owner (see below). The
  // list fits the tool budget; tools_search finds the rest for the session's next list.
  const caller = (extraSessionId: string | undefined) => ({
    sessionId: opts.sessionId(extraSessionId),
    isOwner: true,
  });
  server.setRequestHandler(ListToolsRequestSchema, (_req, extra) => ({
    tools: surface.listTools(caller(extra.sessionId)) as never,
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const canAsk = Boolean(server.getClientCapabilities()?.elicitation);
    const ctx: CallContext = {
      sessionId: opts.sessionId(extra.sessionId),
      // The bearer token (or the spawning process, over stdio) belongs to the owner.
      isOwner: true,
      signal: AbortSignal.any([extra.signal, opts.calls.signal]),
      ...(canAsk && { approve: approvalAsker(server, extra, opts.broker) }),
    };
    const { wire, searched } = await withProgress(extra, req.params.name, () =>
      surface.callTool(req.params, ctx),
    );
    // Tools found by tools_search join this session's list: tell the client to fetch it again.
    if (searched) void server.sendToolListChanged().catch(() => undefined);
    return wire as CallToolResult;
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: surface.templates() as never,
  }));
  // SKILL.md and every other file of each skill, and the Skills extension's methods.
  const skills = skillsService({ host, caller });
  registerSkills(server, skills);
  const stopUtilities = registerUtilities(server, {
    host,
    read: (uri) => skills.read(uri, undefined),
    skillNames: () => promptSkills(host.snapshot()).map((s) => s.name),
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: surface.prompts() as never,
  }));
  server.setRequestHandler(
    GetPromptRequestSchema,
    (req, extra) =>
      surface.getPrompt(req.params.name, req.params.arguments, caller(extra.sessionId)) as never,
  );

  // A new snapshot may add, drop or change tools, documents and the block: each list that
  // changed is announced once.
  const send = {
    tools: () => server.sendToolListChanged(),
    resources: () => server.sendResourceListChanged(),
    prompts: () => server.sendPromptListChanged(),
  };
  const stop = watchLists(host, (changed) =>
    server.transport ? Promise.all(changed.map((k) => send[k]())) : undefined,
  );
  const previous = server.onclose;
  server.onclose = () => {
    stop();
    stopUtilities();
    previous?.();
  };
  return server;
}

/** Asks the client by elicitation, and the dashboard too when there is one (first answer wins). */
function approvalAsker(
  server: Server,
  extra: { requestId: string | number; signal: AbortSignal },
  broker: ApprovalBroker | undefined,
): ApprovalHandler {
  const elicit = async (
    { tool, input, reason }: Parameters<ApprovalHandler>[0],
    withdrawn?: AbortSignal,
  ): Promise<boolean> => {
    const answer = await server.elicitInput(
      {
        message: `${tool.name} needs your approval (${reason}).\nInput: ${JSON.stringify(input, null, 2)}`,
        requestedSchema: {
          type: 'object',
          properties: { approve: { type: 'boolean', title: `Run ${tool.name}?` } },
          required: ['approve'],
        },
      },
      {
        relatedRequestId: extra.requestId,
        signal: withdrawn ? AbortSignal.any([extra.signal, withdrawn]) : extra.signal,
      },
    );
    return answer.action === 'accept' && answer.content?.approve === true;
  };
  // Each answer says who gave it: the result's approvedBy and the audit line show it.
  const byClient = (req: ApprovalRequest, withdrawn?: AbortSignal) =>
    elicit(req, withdrawn).then((approved) => ({ approved, by: 'mcp-client' }));
  if (!broker) return (req) => byClient(req);
  const byDashboard = (req: ApprovalRequest, withdrawn?: AbortSignal) =>
    broker.ask(req, withdrawn).then((approved) => ({ approved, by: 'dashboard' }));
  return (req) =>
    // "Always for this session" from the dashboard covers MCP calls without asking.
    broker.remembered(req)
      ? { approved: true, by: 'dashboard (always for this session)' }
      : firstAnswer(byClient, byDashboard)(req);
}
