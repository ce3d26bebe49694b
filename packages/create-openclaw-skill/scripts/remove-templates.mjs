// postpack: removes the copies prepack made, so the workspace keeps one templates/ folder.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
await rm(here('../templates'), { recursive: true, force: true });
await rm(here('../versions.json'), { force: true });
