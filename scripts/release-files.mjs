// The files a release rewrites, kept and put back as plain data: { path: contents | null },
// null meaning the file did not exist (a CHANGELOG.md the release would create).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const PACKAGE_ROOTS = ['packages', 'skills'];
const PER_PACKAGE = ['package.json', 'manifest.json', 'CHANGELOG.md'];

/** Relative paths of every file `changeset version` and the manifest sync may write. */
export async function collectReleaseFiles(root) {
  const files = ['package.json'];
  for (const base of PACKAGE_ROOTS) {
    const entries = await readdir(join(root, base), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (e.isDirectory()) files.push(...PER_PACKAGE.map((f) => `${base}/${e.name}/${f}`));
    }
  }
  const changesets = await readdir(join(root, '.changeset')).catch(() => []);
  files.push(...changesets.filter((f) => f.endsWith('.md')).map((f) => `.changeset/${f}`));
  return files;
}

export async function snapshotFiles(root, files) {
  const saved = {};
  for (const f of files) saved[f] = await readFile(join(root, f), 'utf8').catch(() => null);
  return saved;
}

/** Writes every kept file back and removes those that did not exist when they were kept. */
export async function restoreFiles(root, saved) {
  for (const [f, text] of Object.entries(saved)) {
    if (text === null) await rm(join(root, f), { force: true });
    else await writeFile(join(root, f), text);
  }
}
