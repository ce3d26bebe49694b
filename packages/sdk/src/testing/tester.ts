// The skill tester: runs a skill's tools the way the host would (config checked and defaulted
// from the manifest's "config" schema by the host's own code, input checked against the
// tool's schema, auth limited to the provider and scopes the tool declares), with the config
// a test gives and storage, secrets and tokens held in memory, so an author's unit tests need
// no host, no keychain and no OAuth login. Modelled on Zapier's app tester.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest, ManifestTool } from '../manifest/schema.js';
import type { SkillDefinition, ToolMap } from '../define.js';
import type { ToolCallInfo } from '../context.js';
import { SkillError, type Problem } from '../errors.js';
import { resolveSkillConfig } from '../config/skill-config.js';
import { createTestContext, type LogRecord, type TestContextOptions } from './context.js';

export interface TesterOptions<C> extends Omit<TestContextOptions<C>, 'tokens' | 'config'> {
  /**
   * The skill's settings, as `skills.<name>.config` in a host config: checked against the
   * manifest's "config" schema and completed with its defaults, as the host does.
   */
  config?: Partial<C>;
  /** The manifest, or the path of manifest.json (default: ./manifest.json of the cwd). */
  manifest?: Manifest | string | URL;
  /** Fake access tokens per auth key of the manifest (`{ google: 'token' }`). */
  tokens?: Record<string, string>;
}

/** One token request a tool made through `ctx.auth`. */
export interface AuthRequest {
  tool: string;
  provider: string;
  scopes: string[];
}

export interface SkillTester {
  /** Runs a tool by its canonical name, as the host would. */
  run(tool: string, input?: unknown, call?: Partial<ToolCallInfo>): Promise<unknown>;
  /** Every token the tools asked for, in order. */
  authRequests: AuthRequest[];
  logs: LogRecord[];
  storage: ReturnType<typeof createTestContext>['storage'];
  manifest: Manifest;
}

async function loadManifest(m: TesterOptions<unknown>['manifest']): Promise<Manifest> {
  if (m !== undefined && typeof m === 'object' && !(m instanceof URL)) return m;
  const path =
    m instanceof URL ? fileURLToPath(m) : resolve(m ?? resolve(process.cwd(), 'manifest.json'));
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Manifest;
  } catch (cause) {
    throw new SkillError('MANIFEST_INVALID', `The tester could not read ${path}.`, {
      file: path,
      cause,
      hint: 'Pass { manifest } to createTester, or run the tests from the skill folder.',
    });
  }
}

/** Where the tester's settings come from, named in a config problem as the host names its file. */
const CONFIG_SOURCE = 'createTester({ config })';

/** The refusal the host's router gives for a tool of a skill that is not ready. */
function unavailable(requested: string, skill: string, status: string, problems: Problem[]) {
  const first = problems.find((p) => p.severity === 'error') ?? problems[0];
  return new SkillError(
    'SKILL_UNAVAILABLE',
    `Tool "${requested}" belongs to skill "${skill}", which is ${status}${first ? `: ${first.message}` : ''}`,
    {
      hint: `Fix the config passed to createTester, or the "config" schema in manifest.json.`,
      details: { skill, status, problems: problems.map((p) => p.message) },
    },
  );
}

type Check = (input: unknown) => string | undefined;

/** ajv is loaded on first use, as the rest of the SDK does. */
function inputChecker(tool: ManifestTool): Check {
  const req = createRequire(import.meta.url);
  const Ajv = req('ajv').default as new (o: object) => {
    compile(
      s: unknown,
    ): ((d: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
  };
  const addFormats = req('ajv-formats').default as (ajv: unknown) => void;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(tool.inputSchema ?? {});
  return (input) =>
    validate(input)
      ? undefined
      : (validate.errors ?? [])
          .map((e) => `${e.instancePath || '(input)'} ${e.message ?? 'is invalid'}`)
          .join('; ');
}

/**
 * Creates the skill's tools once with a memory-backed context and returns a runner for them.
 * `ctx.auth` answers only for the provider and scopes the running tool declares, with the
 * fake token from `tokens`; anything else is the AUTH_REQUIRED error the host would give.
 */
export async function createTester<C = Record<string, unknown>>(
  skill: SkillDefinition<C, ToolMap>,
  opts: TesterOptions<C> = {},
): Promise<SkillTester> {
  const manifest = await loadManifest(opts.manifest);
  const skillName = opts.name ?? manifest.name;
  const cfg = resolveSkillConfig({
    skill: skillName,
    schema: manifest.config as Record<string, unknown> | undefined,
    value: opts.config as Record<string, unknown> | undefined,
    configFile: CONFIG_SOURCE,
    manifestFile: 'manifest.json',
  });
  const current = new AsyncLocalStorage<ManifestTool>();
  const authRequests: AuthRequest[] = [];
  const base = createTestContext<C>({
    ...opts,
    config: cfg.config as C,
    name: skillName,
    ...(manifest.version !== undefined && { version: opts.version ?? manifest.version }),
    tokens: {},
  });
  const doFetch = opts.fetch ?? fetch;

  const token = async (provider: string, asked?: string[]) => {
    const tool = current.getStore();
    const declared = tool?.auth?.provider === provider ? (tool.auth.scopes ?? []) : undefined;
    const toolName = tool?.name ?? '(outside a tool call)';
    if (declared === undefined)
      throw new SkillError(
        'AUTH_REQUIRED',
        `Tool ${toolName} does not declare auth provider "${provider}" in manifest.json.`,
        { hint: `Add "auth": { "provider": "${provider}", "scopes": [...] } to the tool.` },
      );
    const extra = (asked ?? []).filter((s) => !declared.includes(s));
    if (extra.length > 0)
      throw new SkillError(
        'AUTH_REQUIRED',
        `Tool ${toolName} asked for scopes it does not declare: ${extra.join(', ')}.`,
      );
    authRequests.push({ tool: toolName, provider, scopes: asked ?? declared });
    const t = opts.tokens?.[provider];
    if (t === undefined)
      throw new SkillError('AUTH_REQUIRED', `No token for provider "${provider}" in this tester.`, {
        hint: `Pass tokens: { ${provider}: 'test-token' } to createTester.`,
      });
    return t;
  };

  const ctx = {
    ...base,
    auth: {
      getAccessToken: (provider: string, o?: { scopes?: string[] }) => token(provider, o?.scopes),
      fetch: async (provider: string, url: string | URL, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        headers.set('authorization', `Bearer ${await token(provider)}`);
        return doFetch(url, { ...init, headers });
      },
    },
  };
  // A skill whose config the host refuses is never activated: its tools are not created and
  // every call is refused with the host's SKILL_UNAVAILABLE.
  const refused =
    cfg.schemaProblems.length > 0 ? 'invalid' : cfg.problems.length > 0 ? 'ineligible' : undefined;
  const tools = refused ? {} : await skill.createTools(ctx);
  const checks = new Map<string, Check>();

  return {
    authRequests,
    logs: base.logs,
    storage: base.storage,
    manifest,
    async run(name, input = {}, call = {}) {
      if (refused)
        throw unavailable(name, skillName, refused, [...cfg.schemaProblems, ...cfg.problems]);
      const tool = manifest.tools?.find((t) => t.name === name);
      const fn = tools[name];
      if (!tool || !fn)
        throw new SkillError(
          'TOOL_NOT_FOUND',
          `Tool ${name} is ${tool ? 'not implemented by createTools' : 'not declared in manifest.json'}.`,
        );
      let check = checks.get(name);
      if (!check) checks.set(name, (check = inputChecker(tool)));
      // As the host does: the tool gets the input as sent, schema defaults are not filled in
      // (a tool applies its own, e.g. `({ days = 3 })`), and a copy so a test's object stays.
      const copy: unknown = structuredClone(input);
      const problem = check(copy);
      if (problem !== undefined)
        throw new SkillError('INVALID_INPUT', `Input for ${name} is invalid: ${problem}.`);
      return current.run(tool, () =>
        fn(copy, {
          signal: call.signal ?? new AbortController().signal,
          callId: call.callId ?? randomUUID(),
          ...(call.session && { session: call.session }),
        }),
      );
    },
  };
}
