// The inline runner: the skill's module is imported into the host's own process. Fastest,
// and for trusted code only: the skill shares the host's memory, env and permissions, and
// a hang blocks the host. ESM modules cannot be unloaded: a changed entry is imported again
// under a new URL (inline-reload.ts), which keeps the old module graph in memory, so such
// reloads are bounded; clean reloads belong to the worker and sandbox runners. The skill's
// console output goes to its logger (console.ts), from the moment its module is imported
// until it is disposed.
import { access, realpath } from 'node:fs/promises';
import {
  SkillError,
  isSkillDefinition,
  type SkillContext,
  type ToolCallInfo,
  type ToolMap,
} from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { needsCallScope, runInCallScope } from './call-scope.js';
import { routeSkillConsole } from './console.js';
import { createReloadTracker } from './inline-reload.js';
import type { ActiveSkill, Runner } from './types.js';

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface InlineRunnerOptions {
  /** Reloads of one changed entry before the last loaded code is kept (default 100). */
  maxReloads?: number;
  /** Told when an entry changed but its reload bound is reached (the old code keeps serving). */
  onReloadLimit?(skill: string, entry: string, reloads: number): void;
}

export function createInlineRunner(opts: InlineRunnerOptions = {}): Runner {
  const reloads = createReloadTracker(opts.maxReloads);
  return {
    kind: 'inline',
    async activate(skill: SkillRecord, ctx: SkillContext): Promise<ActiveSkill> {
      const entry = skill.entry;
      if (!entry) {
        throw new SkillError(
          'SKILL_UNAVAILABLE',
          `Skill "${skill.name}" has no code entry (a docs-only skill has no tools).`,
          {
            file: skill.dir,
          },
        );
      }
      try {
        await access(entry);
      } catch {
        throw new SkillError(
          'SKILL_UNAVAILABLE',
          `Skill "${skill.name}": its entry ${entry} does not exist.`,
          {
            file: entry,
            hint: `Build the skill (e.g. \`npm run build\` in ${skill.dir}).`,
          },
        );
      }
      const dirs = [skill.dir];
      const real = await realpath(skill.dir).catch(() => skill.dir);
      if (real !== skill.dir) dirs.push(real);
      const unroute = routeSkillConsole(skill.name, dirs, ctx.logger);
      try {
        const { url, limited, reloads: n } = reloads.urlFor(entry);
        if (limited) opts.onReloadLimit?.(skill.name, entry, n);
        return await load(skill, { entry, url, ctx, unroute });
      } catch (e) {
        unroute();
        throw e;
      }
    },
  };
}

interface LoadRequest {
  /** The entry file (for messages). */
  entry: string;
  /** The URL to import it under (a new one per reload). */
  url: string;
  ctx: SkillContext;
  /** Stops routing the skill's console output to its logger. */
  unroute: () => void;
}

async function load(skill: SkillRecord, req: LoadRequest): Promise<ActiveSkill> {
  const { entry, url, ctx, unroute } = req;
  let mod: { default?: unknown };
  try {
    mod = (await import(url)) as { default?: unknown };
  } catch (e) {
    throw new SkillError(
      'SKILL_CRASHED',
      `Skill "${skill.name}": importing ${entry} failed: ${reason(e)}`,
      {
        file: entry,
        cause: e,
      },
    );
  }
  const def = mod.default;
  if (!isSkillDefinition(def)) {
    throw new SkillError(
      'SKILL_CRASHED',
      `Skill "${skill.name}": ${entry} does not export a skill as its default export (export default defineSkill({ createTools })).`,
      { file: entry },
    );
  }
  let tools: ToolMap;
  try {
    tools = await def.createTools(ctx);
  } catch (e) {
    throw new SkillError(
      'SKILL_CRASHED',
      `Skill "${skill.name}": createTools in ${entry} threw: ${reason(e)}`,
      {
        file: entry,
        cause: e,
      },
    );
  }
  if (typeof tools !== 'object' || tools === null) {
    throw new SkillError(
      'SKILL_CRASHED',
      `Skill "${skill.name}": createTools in ${entry} returned no tool map.`,
      { file: entry },
    );
  }
  const scoped = needsCallScope(skill);
  const invokeNow = (tool: string, input: unknown, call: ToolCallInfo): unknown => {
    const handler = Object.hasOwn(tools, tool) ? tools[tool] : undefined;
    if (typeof handler !== 'function') {
      throw new SkillError(
        'TOOL_NOT_FOUND',
        `Skill "${skill.name}" declares "${tool}" in manifest.json but createTools returned no such tool.`,
        { file: entry },
      );
    }
    return scoped
      ? runInCallScope(
          { skill: skill.name, tool, callId: call.callId, session: call.session },
          () => handler(input, call),
        )
      : handler(input, call);
  };
  return {
    skill: skill.name,
    version: skill.version,
    invokeNow,
    invoke(tool, input, call) {
      try {
        return Promise.resolve(invokeNow(tool, input, call));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    async dispose() {
      try {
        await def.dispose?.();
      } finally {
        unroute();
      }
    },
  };
}
