import { defineSkill, defineTool, SkillError, type SkillContext } from '@openclaw/skill-sdk';

// Input schemas, the same as in manifest.json (`validate --strict` compares them); `as const`
// lets defineTool infer each tool's input type. The host does not fill in schema defaults:
// a tool applies its own (`maxResults = 50`).
const calendarsInput = {
  type: 'object',
  properties: { maxResults: { type: 'integer', minimum: 1, maximum: 250, default: 50 } },
  additionalProperties: false,
} as const;

const addEventInput = {
  type: 'object',
  properties: {
    calendarId: { type: 'string', minLength: 1, default: 'primary' },
    summary: { type: 'string', minLength: 1 },
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
  },
  required: ['summary', 'start', 'end'],
  additionalProperties: false,
} as const;

interface Config {
  apiBaseUrl?: string;
}

interface CalendarList {
  items?: Array<{ id: string; summary: string; primary?: boolean }>;
}

/**
 * Calls the Calendar API through the host's `auth.fetch`: it adds the user's access token for
 * the running tool's scopes (manifest.json) and refreshes it once on a 401. The skill never
 * sees a refresh token or a client secret.
 */
function calendarApi(ctx: SkillContext<Config>) {
  const base = new URL('/calendar/v3/', ctx.config.apiBaseUrl ?? 'https://www.googleapis.com');
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await ctx.auth.fetch('google', new URL(path, base), init);
    if (!res.ok)
      throw new SkillError('SKILL_ERROR', `Google Calendar answered ${res.status}.`, {
        hint: res.status === 403 ? 'The account may lack access to that calendar.' : undefined,
      });
    return (await res.json()) as T;
  };
}

export default defineSkill<Config>({
  createTools(ctx) {
    const api = calendarApi(ctx);
    return {
      '{{name}}.calendars': defineTool(calendarsInput, async ({ maxResults = 50 }, { signal }) => {
        const list = await api<CalendarList>(`users/me/calendarList?maxResults=${maxResults}`, {
          signal,
        });
        return (list.items ?? []).map((c) => ({
          id: c.id,
          name: c.summary,
          primary: c.primary === true,
        }));
      }),
      '{{name}}.add_event': defineTool(addEventInput, async (input, { signal }) => {
        const event = await api<{ id: string; htmlLink?: string }>(
          `calendars/${encodeURIComponent(input.calendarId ?? 'primary')}/events`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              summary: input.summary,
              start: { dateTime: input.start },
              end: { dateTime: input.end },
            }),
            signal,
          },
        );
        return { id: event.id, link: event.htmlLink };
      }),
    };
  },
});
