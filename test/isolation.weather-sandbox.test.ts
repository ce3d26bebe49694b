// A real skill with a dependency linked by pnpm (the weather example imports
// @openclaw/skill-sdk through a node_modules symlink into the workspace) runs in the sandbox:
// its dependencies are granted by real path. Pointing its config at a local server grants
// that host; any other host is refused.
import { join, resolve } from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../skills/weather/test/fake-open-meteo.js';

const repo = resolve(import.meta.dirname, '..');
let api: FakeOpenMeteo;
let host: SkillHost;

beforeAll(async () => {
  api = await startFakeOpenMeteo();
  const root = await mkdtemp(join(tmpdir(), 'oc-weather-sandbox-'));
  host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    sources: [join(repo, 'skills')],
    env: {},
    hostTools: false,
    config: {
      skills: {
        weather: {
          runner: 'sandbox',
          config: { forecastUrl: api.url, geocodingUrl: api.url, units: 'metric' },
        },
      },
    },
  });
});
afterAll(async () => {
  await host?.close();
  await api?.close();
});

describe('weather skill in the sandbox', () => {
  it('loads through its pnpm-linked dependency and reaches the configured local API', async () => {
    const r = await host.call({ name: 'weather.current', input: { location: 'Lisbon' } });
    expect(r.isError ? `${r.code}: ${r.message}` : 'ok').toBe('ok');
  });
});
