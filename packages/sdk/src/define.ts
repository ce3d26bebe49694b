import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { SkillContext, ToolCallInfo } from './context.js';

/**
 * A tool's result: a string (text for the model) or any JSON value (sent as JSON text and
 * as structured content). Throwing gives the model a SKILL_ERROR result with the message.
 */
export type ToolOutput = unknown;

// `any` by default so a map of handlers with different input types is still a ToolMap.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ToolHandler<Input = any> = (
  input: Input,
  call: ToolCallInfo,
) => ToolOutput | Promise<ToolOutput>;

/** Keyed by the manifest's canonical tool names, e.g. `gmail.list`. */
export type ToolMap = Record<string, ToolHandler>;

export interface SkillDefinition<
  Config = Record<string, unknown>,
  Tools extends ToolMap = ToolMap,
> {
  createTools(ctx: SkillContext<Config>): Tools | Promise<Tools>;
  /** Called when the host unloads this generation of the skill. */
  dispose?(): void | Promise<void>;
}

/** A skill module's default export. Identity at run time; it exists for the types. */
export function defineSkill<Config = Record<string, unknown>, Tools extends ToolMap = ToolMap>(
  definition: SkillDefinition<Config, Tools>,
): SkillDefinition<Config, Tools> {
  return definition;
}

/** A handler carrying the schema its input was typed from. */
export type TypedToolHandler<S, I> = ToolHandler<I> & { readonly inputSchema: S };

/**
 * Types a tool's `input` from its JSON Schema (write the schema `as const`, the same one
 * as in manifest.json). `validate --strict` compares the attached schema with the manifest.
 */
// The input type is a defaulted second parameter: json-schema-to-ts's documented way to
// avoid "type instantiation is excessively deep" when FromSchema meets a generic.
export function defineTool<const S extends JSONSchema, I = FromSchema<S>>(
  inputSchema: S,
  run: (input: I, call: ToolCallInfo) => ToolOutput | Promise<ToolOutput>,
): TypedToolHandler<S, I> {
  // Plain property set: Object.assign's inferred type makes TS expand FromSchema<S>.
  const handler = run as unknown as { inputSchema: S };
  handler.inputSchema = inputSchema;
  return handler as unknown as TypedToolHandler<S, I>;
}

export type SkillModule = { default: SkillDefinition };

export function isSkillDefinition(value: unknown): value is SkillDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SkillDefinition).createTools === 'function'
  );
}
