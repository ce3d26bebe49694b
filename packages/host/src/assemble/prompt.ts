// What the model is offered: the prompt block and the tool definitions. Both include every
// MCP server's tools, so asking for either starts the servers not started yet (without
// waiting); their last known lists stand in meanwhile.
import {
  callerView,
  planDefinitions,
  tokenizerFor,
  type DefinitionsOptions,
  type SessionTools,
  type ToolDefinitionList,
  type UsageReader,
} from '../budget/index.js';
import type { Catalog } from '../catalog/catalog.js';
import type { ToolFormat } from '../formats/index.js';
import type { McpClients } from '../mcp-client/index.js';
import { hostReadToolName, renderPrompt, type PromptResult } from '../prompt/index.js';
import type { LiveConfig } from './settings.js';

export interface PromptCallOptions {
  query?: string;
  maxChars?: number;
  format?: 'openclaw' | 'agentskills';
  /** The tool format the caller uses, so the preamble names the host's read tool as the model sees it (default anthropic). */
  toolFormat?: ToolFormat;
  /** The agent's own file tool (`read`); default: the host's read tool when host tools are on. */
  readTool?: string;
  /** Who asks (as `call` gets it): the block lists only skills whose tools its policy allows. */
  ctx?: DefinitionsOptions['ctx'];
}

export interface HostOffersDeps {
  catalog: Catalog;
  config: LiveConfig;
  mcp: McpClients;
  usage: UsageReader;
  sessions: SessionTools;
  userHome: string;
  hostTools: boolean;
}

export class HostOffers {
  readonly #deps: HostOffersDeps;

  constructor(deps: HostOffersDeps) {
    this.#deps = deps;
  }

  prompt({ toolFormat, readTool, ctx, ...opts }: PromptCallOptions = {}): PromptResult {
    const { catalog, config, mcp, userHome, hostTools } = this.#deps;
    mcp.startStopped();
    const snapshot = catalog.current();
    const view = ctx ? callerView(snapshot, config.current, ctx) : undefined;
    return renderPrompt(snapshot, {
      ...opts,
      userHome,
      readTool: readTool ?? (hostTools ? hostReadToolName(toolFormat) : 'read'),
      ...(toolFormat && { tokenizer: tokenizerFor(toolFormat) }),
      ...(view && { visible: { key: view.key, shows: view.showsSkill } }),
    });
  }

  definitions<F extends ToolFormat>(format: F, opts?: DefinitionsOptions): ToolDefinitionList<F> {
    const { catalog, config, mcp, usage, sessions } = this.#deps;
    mcp.startStopped();
    return planDefinitions(
      catalog.current(),
      format,
      { config: config.current, usage, sessions },
      opts,
    );
  }
}
