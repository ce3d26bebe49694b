import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSkillHost } from '@openclaw/skill-host';
import { writeEchoSkill } from './dispatch.ts';
const tmp = await mkdtemp(join(tmpdir(), 'rh-'));
await writeEchoSkill(join(tmp, 'ws'));
for (const audit of [false, true]) {
  const host = await createSkillHost({ workspace: join(tmp, 'ws'), home: join(tmp, 'home' + audit), userHome: join(tmp, 'u'), env: {}, config: { audit: { enabled: audit } } });
  await host.call({ name: 'echo.say', input: { text: 'warm' } });
  const live = () => { globalThis.gc!(); return process.memoryUsage().heapUsed / 1048576; };
  const b = live();
  const marks: string[] = [];
  for (let i = 0; i < 200000; i++) {
    await host.call({ name: 'echo.say', input: { text: `hi ${i}` } }, { sessionId: `s${i >> 7}` });
    if (i % 50000 === 49999) marks.push((live() - b).toFixed(1));
  }
  console.log(audit ? 'audit' : 'no-audit', marks.join(' '), 'MB', 'external', (process.memoryUsage().external / 1048576).toFixed(1));
  await host.close();
}
