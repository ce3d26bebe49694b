// What serve's MCP server answers, as plain functions both protocol eras share: the tool list
// and calls, the prompt block, the resource template, the instructions, and a watcher that
// reports which lists a catalog change touched. The SDK servers of each era only wire these.
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../budget/caller.js';
import { TOOLS_SEARCH } from '../formats/names.js';
import { toWireResult, type McpCallToolResult } from '../formats/wire-result.js';
import type { SkillHost } from '../host.js';
import type { CallContext, CallResult } from '../router/types.js';
import type { CallTracker } from './calls.js';
import { changedLists, listFingerprints, type ListFingerprints } from './mcp-changes.js';
import { clientNames, type ClientNames } from './mcp-names.js';

export const PROMPT_NAME = 'available_skills';

export interface SurfaceOptions {
  host: SkillHost;
  calls: CallTracker;
  /** `<home>/config.json`, named in the hint when a call needs approval no one can give. */
  configFile: string;
  /** Tool names on the wire (default: config `serve.toolNames`, else `wire`). */
  toolNames?: 'wire' | 'canonical';
}

export interface McpSurface {
  names(): ClientNames;
  instructions(): string;
  listTools(caller: Caller): unknown[];
  /**
   * Runs a call (`ctx.approve` set when the client can be asked for approval); `searched`
   * when tools_search found tools that join the session's next list.
   */
  callTool(
    req: { name: string; arguments?: Record<string, unknown> },
    ctx: CallContext,
  ): Promise<{ wire: McpCallToolResult; searched: boolean }>;
  prompts(): Record<string, unknown>[];
  getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    caller: Caller,
  ): Record<string, unknown>;
  templates(): Record<string, unknown>[];
}

export function mcpSurface(opts: SurfaceOptions): McpSurface {
  const { host, calls } = opts;
  // Read per request: a reloaded config changes the names of the next list.
  const names = (): ClientNames =>
    clientNames(host.snapshot(), opts.toolNames ?? host.config.serve?.toolNames ?? 'wire');
  return {
    names,
    instructions: () =>
      `Tools of the installed OpenClaw and Agent Skills. Before using a skill, read its SKILL.md (resource skill://<name>/SKILL.md, or the ${names().readTool} tool).`,
    listTools: (caller) => names().tools(host.tools.definitions('mcp', { ctx: caller })),
    async callTool(req, ctx) {
      if (!calls.open) {
        const wire: McpCallToolResult = {
          isError: true,
          content: [
            {
              type: 'text',
              text: 'Error SKILL_UNAVAILABLE: serve is shutting down.\nHint: retry once it is back.',
            },
          ],
        };
        return { wire, searched: false };
      }
      const result = await calls.track(() =>
        host.call({ name: req.name, input: req.arguments ?? {} }, ctx),
      );
      const naming = names();
      const named = naming.result(result);
      const shown = ctx.approve
        ? named
        : withApprovalHint(named, naming.canonical(result.name), opts.configFile);
      const searched = !result.isError && naming.canonical(result.name) === TOOLS_SEARCH;
      return { wire: toWireResult(shown, 'mcp'), searched };
    },
    prompts: () => [
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
    getPrompt(name, args, caller) {
      if (name !== PROMPT_NAME) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `No prompt named ${JSON.stringify(name)}; this server has "${PROMPT_NAME}".`,
        );
      }
      const query = args?.query;
      const prompt = host.prompt({
        ...(query && { query }),
        ctx: caller,
        readTool: names().readTool,
      });
      return {
        description: prompt.report ?? `${prompt.included.length} skills`,
        messages: [{ role: 'user', content: { type: 'text', text: prompt.text } }],
      };
    },
    // Clients that build URIs (or only ask for templates) learn the skill:// form here.
    templates: () => [
      {
        uriTemplate: 'skill://{name}/SKILL.md',
        name: 'skill-document',
        title: "A skill's SKILL.md",
        description: 'The instructions of the skill <name>, as the resources list names it.',
        mimeType: 'text/markdown',
      },
    ],
  };
}

/**
 * The router's hint for a call that needs approval speaks to CLI users; an MCP client that
 * cannot ask (no elicitation) needs to hear where the user allows the tool instead.
 */
export function withApprovalHint(
  result: CallResult,
  canonical: string,
  configFile: string,
): CallResult {
  if (!result.isError || result.code !== 'APPROVAL_REQUIRED') return result;
  return {
    ...result,
    hint: `This MCP client cannot ask the user for approval. Ask the user to allow it: add "${canonical}" to "approvals.auto" in ${configFile} (serve reloads the file), or to use a client that supports elicitation.`,
  };
}

export type ListKind = keyof ListFingerprints;

/**
 * Calls `announce` with the lists each catalog change touched, once per change and in
 * order; returns the function that stops watching.
 */
export function watchLists(
  host: SkillHost,
  announce: (changed: ListKind[]) => Promise<unknown> | void,
): () => void {
  let sent = listFingerprints(host.snapshot(), host.config);
  const onChange = () => {
    sent = sent.then(async (before) => {
      const now = await listFingerprints(host.snapshot(), host.config);
      const changed = changedLists(before, now);
      // A client that went away: its session closes on its own.
      if (changed.length > 0) await Promise.resolve(announce(changed)).catch(() => undefined);
      return now;
    });
  };
  host.on('change', onChange);
  return () => host.off('change', onChange);
}
