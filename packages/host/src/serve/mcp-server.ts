// The host as an MCP server: one low-level SDK `Server` per MCP session (McpServer is too slow
// for a thousand tools and cannot take JSON Schema tools). Tools come from the catalog in the
// `mcp` format (computed once per snapshot), calls go through the router with the MCP session
// as the host session, each skill's SKILL.md is a resource and the prompt block a prompt.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode as McpErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { TOOLS_SEARCH } from '../formats/names.js';
import { toWireResult } from '../formats/wire-result.js';
import type { SkillHost } from '../host.js';
import { HOST_PACKAGE_VERSION } from '../version.js';
import type { ApprovalHandler, ApprovalRequest, CallContext, CallResult } from '../router/types.js';
import { firstAnswer, type ApprovalBroker } from './approvals.js';
import type { CallTracker } from './calls.js';
import { changedLists, listFingerprints } from './mcp-changes.js';
import { clientNames, type ClientNames } from './mcp-names.js';
import { registerSkills, skillsExtension } from './mcp-skills.js';
import { skillFileUri } from './skill-files.js';

export const PROMPT_NAME = 'available_skills';

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
  const { host, calls } = opts;
  // Read per request: a reloaded config changes the names of the next list.
  const names = (): ClientNames =>
    clientNames(host.snapshot(), opts.toolNames ?? host.config.serve?.toolNames ?? 'wire');
  const server = new Server(
    { name: 'openclaw-skill-host', version: HOST_PACKAGE_VERSION },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
        extensions: skillsExtension,
      },
      instructions: `Tools of the installed OpenClaw and Agent Skills. Before using a skill, read its SKILL.md (resource skill://<name>/SKILL.md, or the ${names().readTool} tool).`,
    },
  );

  // The caller of a list is the caller of the calls: the session's owner (see below). The
  // list fits the tool budget; tools_search finds the rest for the session's next list.
  const caller = (extraSessionId: string | undefined) => ({
    sessionId: opts.sessionId(extraSessionId),
    isOwner: true,
  });
  server.setRequestHandler(ListToolsRequestSchema, (_req, extra) => ({
    tools: names().tools(host.tools.definitions('mcp', { ctx: caller(extra.sessionId) })) as never,
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    if (!calls.open) {
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'Error SKILL_UNAVAILABLE: serve is shutting down.\nHint: retry once it is back.',
          },
        ],
      } satisfies CallToolResult;
    }
    const canAsk = Boolean(server.getClientCapabilities()?.elicitation);
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
    const broker = opts.broker;
    // Each answer says who gave it: the result's approvedBy and the audit line show it.
    const byClient = (req: ApprovalRequest, withdrawn?: AbortSignal) =>
      elicit(req, withdrawn).then((approved) => ({ approved, by: 'mcp-client' }));
    const byDashboard = (req: ApprovalRequest, withdrawn?: AbortSignal) =>
      broker!.ask(req, withdrawn).then((approved) => ({ approved, by: 'dashboard' }));
    const ask: ApprovalHandler = broker
      ? (req) =>
          // "Always for this session" from the dashboard covers MCP calls without asking.
          broker.remembered(req)
            ? { approved: true, by: 'dashboard (always for this session)' }
            : firstAnswer(byClient, byDashboard)(req)
      : (req) => byClient(req);
    const ctx: CallContext = {
      sessionId: opts.sessionId(extra.sessionId),
      // The bearer token (or the spawning process, over stdio) belongs to the owner.
      isOwner: true,
      signal: AbortSignal.any([extra.signal, calls.signal]),
      ...(canAsk && { approve: ask }),
    };
    const result = await calls.track(() =>
      host.call({ name: req.params.name, input: req.params.arguments ?? {} }, ctx),
    );
    // Tools found by tools_search join this session's list: tell the client to fetch it again.
    const naming = names();
    if (naming.canonical(result.name) === TOOLS_SEARCH && !result.isError)
      void server.sendToolListChanged().catch(() => undefined);
    const named = naming.result(result);
    const wire = toWireResult(
      canAsk ? named : withApprovalHint(named, naming.canonical(result.name), opts.configFile),
      'mcp',
    );
    const out: CallToolResult = { ...wire };
    return out;
  });

  // Clients that build URIs (or only ask for templates) learn the skill:// form here.
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'skill://{name}/SKILL.md',
        name: 'skill-document',
        title: "A skill's SKILL.md",
        description: 'The instructions of the skill <name>, as the resources list names it.',
        mimeType: 'text/markdown',
      },
    ],
  }));

  // SKILL.md and every other file of each skill, and the Skills extension's methods.
  registerSkills(server, { host, caller });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: [
      {
        name: PROMPT_NAME,
        title: 'Available skills',
        description:
          'The <available_skills> block for a system prompt: each skill with its description and where its SKILL.md is.',
        arguments: [
          {
            name: 'query',
            description: 'The task at hand; ranks skills when the block is over its budget.',
            required: false,
          },
        ],
      },
    ],
  }));

  server.setRequestHandler(GetPromptRequestSchema, (req, extra) => {
    if (req.params.name !== PROMPT_NAME) {
      throw new McpError(
        McpErrorCode.InvalidParams,
        `No prompt named ${JSON.stringify(req.params.name)}; this server has "${PROMPT_NAME}".`,
      );
    }
    const query = req.params.arguments?.query;
    const prompt = host.prompt({
      ...(query && { query }),
      ctx: caller(extra.sessionId),
      readTool: names().readTool,
    });
    return {
      description: prompt.report ?? `${prompt.included.length} skills`,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.text } }],
    };
  });

  // A new snapshot may add, drop or change tools, documents and the block: each list that
  // changed is announced once.
  // Changes are compared one after the other, each against the last one compared.
  let sent = listFingerprints(host.snapshot(), host.config);
  const send = {
    tools: () => server.sendToolListChanged(),
    resources: () => server.sendResourceListChanged(),
    prompts: () => server.sendPromptListChanged(),
  };
  const onChange = () => {
    sent = sent.then(async (before) => {
      const now = await listFingerprints(host.snapshot(), host.config);
      if (!server.transport) return now;
      // A client that went away: its session closes on its own.
      await Promise.all(changedLists(before, now).map((k) => send[k]())).catch(() => undefined);
      return now;
    });
  };
  host.on('change', onChange);
  const previous = server.onclose;
  server.onclose = () => {
    host.off('change', onChange);
    previous?.();
  };
  return server;
}

/**
 * The router's hint for a call that needs approval speaks to CLI users; an MCP client that
 * cannot ask (no elicitation) needs to hear where the user allows the tool instead.
 */
function withApprovalHint(result: CallResult, canonical: string, configFile: string): CallResult {
  if (!result.isError || result.code !== 'APPROVAL_REQUIRED') return result;
  return {
    ...result,
    hint: `This MCP client cannot ask the user for approval. Ask the user to allow it: add "${canonical}" to "approvals.auto" in ${configFile} (serve reloads the file), or to use a client that supports elicitation.`,
  };
}
