// Skill packages as a community author publishes them (package.json, manifest.json, SKILL.md,
// plain-ESM index.js), written to temp folders for the install suites to publish or pack.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface PackageOptions {
  /** npm package name (default `oc-skill-<skill>`). */
  package?: string;
  skill: string;
  version: string;
  description?: string;
  /** Module source; default: `<skill>.version` answers `{ version }` after `delayMs`. */
  code?: string;
  /** Replaces manifest.json's text (e.g. an invalid manifest). */
  manifestText?: string;
  manifest?: Record<string, unknown>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  /** Extra files (path -> text), e.g. `scripts/setup.sh`. */
  files?: Record<string, string>;
  /** Leave out SKILL.md and manifest.json (a package that is not a skill). */
  notASkill?: boolean;
}

export const versionTool = (skill: string, version: string) => `
export default {
  createTools() {
    return {
      '${skill}.version': async (input) => {
        await new Promise((r) => setTimeout(r, input?.delayMs ?? 0));
        return { version: '${version}' };
      },
    };
  },
};
`;

export async function writeSkillPackage(o: PackageOptions): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `oc-pkg-${o.skill}-`));
  const pkg = {
    name: o.package ?? `oc-skill-${o.skill}`,
    version: o.version,
    type: 'module',
    keywords: ['openclaw-skill'],
    exports: './index.js',
    ...(o.scripts && { scripts: o.scripts }),
    ...(o.dependencies && { dependencies: o.dependencies }),
  };
  const manifest = {
    manifestVersion: 1,
    name: o.skill,
    version: o.version,
    host: '^1',
    tools: [
      {
        name: `${o.skill}.version`,
        description: 'Says which version answers.',
        inputSchema: { type: 'object', properties: { delayMs: { type: 'integer' } } },
      },
    ],
    ...o.manifest,
  };
  await writeFile(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  await writeFile(join(dir, 'index.js'), o.code ?? versionTool(o.skill, o.version));
  if (!o.notASkill) {
    await writeFile(
      join(dir, 'manifest.json'),
      o.manifestText ?? JSON.stringify(manifest, null, 2),
    );
    await writeFile(
      join(dir, 'SKILL.md'),
      `---\nname: ${o.skill}\ndescription: ${o.description ?? `The ${o.skill} skill, version ${o.version}.`}\n---\n\n# ${o.skill}\n`,
    );
  }
  for (const [rel, text] of Object.entries(o.files ?? {})) {
    await mkdir(join(dir, rel, '..'), { recursive: true });
    await writeFile(join(dir, rel), text);
  }
  return dir;
}

/** Each version of a test skill written and packed with npm into `into`; the tarball paths. */
export async function packSkillVersions(
  into: string,
  skill: string,
  versions: readonly string[],
): Promise<string[]> {
  const tarballs: string[] = [];
  for (const version of versions) {
    const dir = await writeSkillPackage({ skill, version });
    const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', into, '--json'], {
      env: { PATH: process.env.PATH, npm_config_cache: join(into, 'npm-cache') },
    });
    tarballs.push(join(into, (JSON.parse(stdout) as { filename: string }[])[0]!.filename));
  }
  return tarballs;
}

const REPO = join(import.meta.dirname, '..', '..', '..');

/**
 * A skill folder `<root>/<name>` ready for `openclaw-skill release`: version 1.0.0 in
 * package.json only (as a scaffolded skill has it), changesets set up as the tool template sets
 * them up, one pending minor changeset, and `registry=<npmrcRegistry>` in its .npmrc.
 */
export async function writeReleasableSkill(
  root: string,
  name: string,
  npmrcRegistry: string,
): Promise<string> {
  const src = await writeSkillPackage({
    skill: name,
    version: '1.0.0',
    manifest: { version: undefined },
  });
  const dir = join(root, name);
  await cp(src, dir, { recursive: true });
  await rm(src, { recursive: true, force: true });
  await mkdir(join(dir, '.changeset'));
  await cp(
    join(REPO, 'templates/tool/.changeset/config.json'),
    join(dir, '.changeset/config.json'),
  );
  await writeFile(
    join(dir, '.changeset/new-tool.md'),
    `---\n'oc-skill-${name}': minor\n---\n\nA new tool.\n`,
  );
  await writeFile(join(dir, '.npmrc'), `registry=${npmrcRegistry}\n`);
  return dir;
}
