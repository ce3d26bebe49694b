// The real host (createSkillHost: scan, router, runner) over the repo's skills folder, with
// the weather skill's config pointing at a local Open-Meteo. Home and workspace are temp dirs.
// What the host and the skill log goes to `logs`, not the test output.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { testLogger, type LogLine } from '../../../test/support/test-logger.js';

export type { LogLine };
export const skillsDir = resolve(import.meta.dirname, '..', '..');

export async function weatherHost(
  config: {
    forecastUrl: string;
    geocodingUrl: string;
    units?: 'metric' | 'imperial';
  },
  logs: LogLine[] = [],
): Promise<SkillHost> {
  const root = await mkdtemp(join(tmpdir(), 'oc-weather-'));
  return createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    sources: [skillsDir],
    env: {},
    hostTools: false,
    logger: testLogger(logs).logger,
    config: { skills: { weather: { config: { units: 'metric', ...config } } } },
  });
}
