import { defineSkill, defineTool } from '@openclaw/skill-sdk';

// The tool's input schema, the same as in manifest.json (`validate --strict` compares them).
// `as const` lets defineTool infer the input type: `{ name: string }`.
const greetInput = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, description: 'Who to greet' },
  },
  required: ['name'],
  additionalProperties: false,
} as const;

/**
 * The skill's settings, as manifest.json's `config` schema describes them. Its `default`
 * ("Hello") is the one default: the host (and createTester) fill it in before the skill runs.
 */
interface Config {
  greeting: string;
}

export default defineSkill<Config>({
  createTools(ctx) {
    return {
      '{{name}}.greet': defineTool(greetInput, async ({ name }) => {
        const count = ((await ctx.storage.get<number>('greetings')) ?? 0) + 1;
        await ctx.storage.set('greetings', count);
        ctx.logger.debug({ count }, 'greeted');
        return { message: `${ctx.config.greeting}, ${name}!`, count };
      }),
    };
  },
});
