// After `changeset version`: a skill's manifest.json `version`, when it has one, must equal
// its package.json `version` (validate --strict and install check it), and changesets only
// bumps package.json. This sets the manifest's top-level "version" line to match, leaving
// the rest of the file as it was written. Run from the repository root.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const roots = ['packages', 'skills'];
const changed = [];
for (const root of roots) {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    continue;
  }
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const dir = join(root, e.name);
    let pkg;
    let text;
    try {
      pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      text = await readFile(join(dir, 'manifest.json'), 'utf8');
    } catch {
      continue;
    }
    const manifest = JSON.parse(text);
    if (typeof manifest.version !== 'string' || manifest.version === pkg.version) continue;
    // The top-level key is the one indented once; nested "version" keys are left alone.
    const next = text.replace(
      /^(\s{2}|\t)"version"(\s*:\s*)"[^"]*"/m,
      `$1"version"$2"${pkg.version}"`,
    );
    if (JSON.parse(next).version !== pkg.version) {
      throw new Error(`${dir}/manifest.json: could not set "version" to ${pkg.version}`);
    }
    await writeFile(join(dir, 'manifest.json'), next);
    changed.push(`${dir}/manifest.json ${manifest.version} -> ${pkg.version}`);
  }
}
for (const line of changed) console.log(line);

// The host reports its version to MCP clients from a constant (the CLI bundles it).
const hostVersionFile = join('packages', 'host', 'src', 'version.ts');
const hostPkg = JSON.parse(await readFile(join('packages', 'host', 'package.json'), 'utf8'));
const versionText = await readFile(hostVersionFile, 'utf8');
const nextVersionText = versionText.replace(
  /HOST_PACKAGE_VERSION = '[^']*'/,
  `HOST_PACKAGE_VERSION = '${hostPkg.version}'`,
);
if (nextVersionText !== versionText) {
  await writeFile(hostVersionFile, nextVersionText);
  console.log(`${hostVersionFile} -> ${hostPkg.version}`);
}
