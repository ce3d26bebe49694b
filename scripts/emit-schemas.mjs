// After the TypeScript build: writes the JSON Schemas that ship with the packages from the
// same objects the validators use, so editors, the host and the docs read one schema.
import { writeFileSync } from 'node:fs';
import { manifestSchema } from '../packages/sdk/dist/index.js';
import { hostConfigSchema } from '../packages/host/dist/index.js';

const write = (file, schema) =>
  writeFileSync(new URL(file, import.meta.url), JSON.stringify(schema, null, 2) + '\n');
write('../packages/sdk/manifest.schema.json', manifestSchema);
write('../packages/host/host-config.schema.json', hostConfigSchema);
