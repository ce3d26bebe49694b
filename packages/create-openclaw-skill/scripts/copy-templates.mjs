// prepack: ships the top-level templates/ inside the package, with the versions of the
// workspace packages a generated skill depends on (the ones published beside this one).
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const version = async (p) => JSON.parse(await readFile(here(p), 'utf8')).version;

await rm(here('../templates'), { recursive: true, force: true });
for (const t of ['tool', 'oauth', 'docs'])
  await cp(here(`../../../templates/${t}`), here(`../templates/${t}`), { recursive: true });
const versions = {
  sdk: await version('../../sdk/package.json'),
  cli: await version('../../cli/package.json'),
  create: await version('../package.json'),
};
await writeFile(here('../versions.json'), JSON.stringify(versions, null, 2) + '\n');
