// scan.1000.floor: the least a fresh process can do for a scan without a cache: list the
// skill folders, read each SKILL.md and parse it with gray-matter (its default engine).
// Timed like scan-child.mjs: from after the entry import, parser loading included.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [skillsDir] = process.argv.slice(2);
// gray-matter as the SDK has it (the same version and its default js-yaml engine).
const require = createRequire(new URL('../../packages/sdk/package.json', import.meta.url));
const t0 = performance.now();
const matter = require('gray-matter');
let parsed = 0;
for (const name of readdirSync(skillsDir)) {
  const file = join(skillsDir, name, 'SKILL.md');
  // Options (even {}) bypass gray-matter's content cache, as a reader that owns its data must.
  const { data } = matter(readFileSync(file, 'utf8'), {});
  if (typeof data.description === 'string') parsed++;
}
const t1 = performance.now();
process.stdout.write(JSON.stringify({ scanMs: t1 - t0, skills: parsed }));
