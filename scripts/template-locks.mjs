// `pnpm templates:lock`: writes templates/<t>/package-lock.template.json (the scaffolder writes
// it as package-lock.json; packing drops files of that name) for each template with
// dependencies, so `npm create openclaw-skill` installs from a known tree instead of resolving
// one: npm then skips the metadata walk (one request per package, level by level), which was
// most of the scaffold's time. Run it after changing a template's dependencies or the
// dependencies of the SDK or the CLI (a test compares them).
//
// How: npm resolves the rendered template with `--package-lock-only` twice, each time against
// a verdaccio on loopback holding our packages as a release packs them:
// 1. proxying the workspace's own packages (test/support/workspace-mirror.ts): the tree takes
//    the versions this workspace installed and tests with (the sealed suites serve only those);
// 2. proxying the machine's registry (`npm config get registry`), from that lockfile: npm keeps
//    its versions and adds the other platforms' optional packages (native builds) the
//    workspace never installed, so the lockfile serves every platform.
// Then, in the lockfile kept in the template:
// - our packages' versions become the template's placeholders (the scaffolder fills them);
// - no `resolved`: the scaffolder writes the URLs for the registry the skill installs from;
// - no `integrity`: the first install records it from that registry (a mirror may repack).
// Needs the network (the machine's registry) and `pnpm build`.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startRegistry } from '../test/support/verdaccio.js';
import { publishOurs, startWorkspaceRegistry } from '../test/support/workspace-registry.js';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const version = async (p) =>
  JSON.parse(await readFile(join(ROOT, 'packages', p, 'package.json'), 'utf8')).version;
/** Our packages a template names, by the placeholder that stands for their version. */
const OURS = {
  '@openclaw/skill-sdk': { placeholder: '{{sdkVersion}}', version: await version('sdk') },
  '@openclaw/skill-cli': { placeholder: '{{cliVersion}}', version: await version('cli') },
};
const TEMPLATES = ['tool', 'oauth', 'docs'];

/** Our versions back to placeholders in one `dependencies`-like map. */
function placeholders(deps) {
  if (!deps) return deps;
  return Object.fromEntries(
    Object.entries(deps).map(([n, v]) => [
      n,
      OURS[n] && v === OURS[n].version ? OURS[n].placeholder : v,
    ]),
  );
}

/** The lockfile npm wrote, made a template file (see the header). */
function templateLock(lock, templatePkg) {
  const packages = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    const { resolved: _r, integrity: _i, ...rest } = entry;
    if (path === '') {
      packages[path] = {
        ...rest,
        name: templatePkg.name,
        version: templatePkg.version,
        license: templatePkg.license,
        dependencies: templatePkg.dependencies,
        devDependencies: templatePkg.devDependencies,
      };
      continue;
    }
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[path] = {
      ...rest,
      ...(OURS[name] && { version: OURS[name].placeholder }),
      ...(rest.dependencies && { dependencies: placeholders(rest.dependencies) }),
    };
  }
  return { ...lock, name: templatePkg.name, version: templatePkg.version, packages };
}

/** `npm install --package-lock-only` in `dir` against the registry of `env`. */
async function lockOnly(dir, env) {
  await exec(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: dir, env, maxBuffer: 64 << 20 },
  );
}

/** Each template with dependencies, rendered into its own folder under `work`. */
async function renderAll(work) {
  const out = [];
  for (const t of TEMPLATES) {
    const source = await readFile(join(ROOT, 'templates', t, 'package.json'), 'utf8');
    const templatePkg = JSON.parse(source);
    if (!templatePkg.dependencies && !templatePkg.devDependencies) continue;
    const dir = join(work, t);
    const rendered = Object.values(OURS).reduce(
      (text, o) => text.replaceAll(o.placeholder, o.version),
      source
        .replaceAll('{{name}}', `template-${t}`)
        .replaceAll('{{description}}', '')
        .replaceAll('{{license}}', 'MIT'),
    );
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'package.json'), rendered);
    out.push({ t, dir, templatePkg });
  }
  return out;
}

const work = await mkdtemp(join(tmpdir(), 'oc-template-locks-'));
try {
  const templates = await renderAll(work);
  const workspace = await startWorkspaceRegistry();
  try {
    for (const { dir } of templates) await lockOnly(dir, workspace.env);
  } finally {
    await workspace.close();
  }
  const { stdout } = await exec('npm', ['config', 'get', 'registry']);
  const machine = await startRegistry({
    uplink: { url: stdout.trim(), local: ['@openclaw/*', 'create-openclaw-skill'] },
  });
  try {
    await publishOurs(machine.env);
    for (const { dir } of templates) await lockOnly(dir, machine.env);
  } finally {
    await machine.close();
  }
  for (const { t, dir, templatePkg } of templates) {
    const lock = JSON.parse(await readFile(join(dir, 'package-lock.json'), 'utf8'));
    const out = join(ROOT, 'templates', t, 'package-lock.template.json');
    await writeFile(out, `${JSON.stringify(templateLock(lock, templatePkg), null, 2)}\n`);
    console.log(`templates:lock: ${out} (${Object.keys(lock.packages).length - 1} packages)`);
  }
  // In the repository's JSON style, so `prettier --check` passes on the files as written.
  const outs = templates.map(({ t }) => join(ROOT, 'templates', t, 'package-lock.template.json'));
  await exec(join(ROOT, 'node_modules/.bin/prettier'), ['--write', ...outs]);
} finally {
  await rm(work, { recursive: true, force: true });
}
