import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSkillHost } from '@openclaw/skill-host';
import { writeEchoSkill } from './dispatch.js';
const tmp = await mkdtemp(join(tmpdir(), 'pd-'));
await writeEchoSkill(join(tmp, 'ws'));
const audit = process.argv[2] !== 'noaudit';
const host = await createSkillHost({
  workspace: join(tmp, 'ws'),
  home: join(tmp, 'home'),
  userHome: join(tmp, 'u'),
  env: {},
  config: { audit: { enabled: audit } },
});
await host.call({ name: 'echo.say', input: { text: 'x' } });
for (let round = 0; round < 5; round++) {
  const N = 200000;
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    await host.call({ name: 'echo.say', input: { text: 'hi' + i } }, { sessionId: 's' + (i >> 7) });
    if (i % 100 === 99) await new Promise(setImmediate);
  }
  console.log('per call us', (((performance.now() - t) * 1000) / N).toFixed(3));
}
await host.close();
