// Writes manifest.schema.json next to the package.json at build time, from the same
// object the validator compiles, so editors and the host read one schema.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { manifestSchema } from './schema.js';

const target = fileURLToPath(new URL('../../manifest.schema.json', import.meta.url));
writeFileSync(target, JSON.stringify(manifestSchema, null, 2) + '\n');
