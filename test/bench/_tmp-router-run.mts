import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routerFigures } from './router.ts';
const tmp = await mkdtemp(join(tmpdir(), 'rb-'));
const r = await routerFigures(tmp, process.argv.includes('--quick'));
console.table(r.figures);
console.log(r.notes.join('\n'));
