import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSkillHost } from '@openclaw/skill-host';
import { writeEchoSkill } from './dispatch.ts';
const tmp = await mkdtemp(join(tmpdir(), 'rp-'));
await writeEchoSkill(join(tmp, 'ws'));
for (const audit of [true, false]) {
  const host = await createSkillHost({ workspace: join(tmp, 'ws'), home: join(tmp, 'home' + audit), userHome: join(tmp, 'u'), env: {}, config: { audit: { enabled: audit } } });
  await host.call({ name: 'echo.say', input: { text: 'warm' } });
  const best: number[] = [];
  for (let r = 0; r < 7; r++) {
    const c0 = process.cpuUsage();
    let n = 0;
    for (let b = 0; b < 300; b++) {
      for (let k = 0; k < 100; k++) { await host.call({ name: 'echo.say', input: { text: `hi ${n}` } }, { sessionId: `s${n >> 7}` }); n++; }
      await new Promise(setImmediate);
    }
    const c = process.cpuUsage(c0);
    best.push((c.user + c.system) / n);
  }
  await host.close();
  best.sort((a, b) => a - b);
  console.log(audit ? 'audit   ' : 'no-audit', 'cpu us/call min', best[0].toFixed(2), 'median', best[3].toFixed(2));
}
