// A skill's release (`npm run release` in a scaffolded skill runs `openclaw-skill release`),
// built so that it cannot go astray: the registry comes from one place (`--registry`, else the
// npm configuration of the skill's folder: its .npmrc, then the user's, read as npm reads
// them; npm publish then sends the credentials they hold for it), is printed before
// anything changes, and npm's public registry needs `--public`. Then the changesets are
// versioned, the package is checked as `pack` would, and published; when any step fails, the
// files versioning rewrote (package.json, CHANGELOG.md, the changesets) are put back.
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';
import { changesetCommand } from './changesets-command.js';

const exec = promisify(execFile);

export interface ReleaseOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** `--registry`; else npm's configuration in `dir`. */
  registry?: string;
  /** `--public`: npm's public registry is meant. */
  allowPublic: boolean;
  /** Printed before anything changes (the registry), and each step. */
  onStep(line: string): void;
  /** The check between versioning and publishing (`pack --dry-run`). */
  check(): Promise<void>;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Pure: whether a registry URL has the host of npm's public one (`publicUrl`). */
export function isPublicRegistry(url: string, publicUrl: string): boolean {
  try {
    return new URL(url).hostname.toLowerCase() === new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
}

/** The skill's own tools first (its node_modules/.bin), as npm run would find them. */
function toolEnv(o: ReleaseOptions, registry: string): NodeJS.ProcessEnv {
  const path = [join(o.dir, 'node_modules', '.bin'), o.env.PATH ?? process.env.PATH ?? ''];
  return { ...o.env, PATH: path.join(delimiter), npm_config_registry: registry };
}

type NpmOptions = Readonly<Record<string, unknown>>;

interface Target {
  registry: string;
  npm: NpmOptions;
  /** npm's built-in default registry: its public one. */
  publicRegistry: string;
}

async function targetRegistry(o: ReleaseOptions): Promise<Target> {
  const { loadNpmConfig, npmBuiltinRegistry } = await import('@openclaw/skill-host/internal');
  const npm = await loadNpmConfig({ env: o.env, cwd: o.dir });
  return {
    registry: withSlash(o.registry ?? npm.registry),
    npm: npm.options,
    publicRegistry: npmBuiltinRegistry(),
  };
}

/** The registry's refusal of the publish (401/403 in npm's output) as one line, if it was one. */
async function refusedPublish(
  registry: string,
  output: string,
  npm: NpmOptions,
): Promise<SkillError | undefined> {
  // npm says ENEEDAUTH when it has no credentials to send at all.
  const status = /\bENEEDAUTH\b/.test(output) ? '401' : /\bE(401|403)\b/.exec(output)?.[1];
  if (!status) return undefined;
  const { refusedError, sendsCredentials } = await import('@openclaw/skill-host/internal');
  return refusedError({
    registry,
    status: status === '401' ? 401 : 403,
    what: 'the publish',
    credentialsSent: sendsCredentials(registry, registry, npm),
  });
}

/** The files `changeset version` rewrites, as they are now (undefined: absent). */
async function snapshot(dir: string): Promise<Map<string, string | undefined>> {
  const files = ['package.json', 'CHANGELOG.md'];
  const changesets = await readdir(join(dir, '.changeset')).catch(() => [] as string[]);
  files.push(...changesets.filter((f) => f.endsWith('.md')).map((f) => join('.changeset', f)));
  const saved = new Map<string, string | undefined>();
  for (const f of files) saved.set(f, await readFile(join(dir, f), 'utf8').catch(() => undefined));
  return saved;
}

async function restore(dir: string, saved: Map<string, string | undefined>): Promise<void> {
  for (const [f, text] of saved) {
    if (text === undefined) await rm(join(dir, f), { force: true });
    else await writeFile(join(dir, f), text);
  }
}

/** Releases the skill in `o.dir`; returns the registry it published to. */
export async function releaseSkill(o: ReleaseOptions): Promise<string> {
  const { registry, npm, publicRegistry } = await targetRegistry(o);
  o.onStep(`Registry: ${registry}`);
  if (isPublicRegistry(registry, publicRegistry) && !o.allowPublic) {
    throw new SkillError(
      'USAGE',
      `Refusing to release to npm's public registry (${registry}) without --public; nothing was changed.`,
      {
        hint: "Pass --registry <url> (or set registry= in the skill's .npmrc) for a trial release, or --public when the public registry is meant.",
      },
    );
  }
  const saved = await snapshot(o.dir);
  const env = toolEnv(o, registry);
  const changeset = (arg: string) => {
    const c = changesetCommand([arg], env.PATH ?? '');
    return exec(c.file, c.args, { cwd: o.dir, env });
  };
  const step = async (label: string, fn: () => Promise<unknown>) => {
    o.onStep(label);
    await fn();
  };
  try {
    await step('changeset version', () => changeset('version'));
    await step('pack --dry-run', o.check);
    await step(`changeset publish (${registry})`, () => changeset('publish'));
  } catch (e) {
    await restore(o.dir, saved);
    if (e instanceof SkillError) {
      throw new SkillError(
        e.code,
        `${e.message.replace(/\.?$/, '')}; versions, CHANGELOG.md and the changesets were put back.`,
        { cause: e, ...(e.hint && { hint: e.hint }) },
      );
    }
    const err = e as { stderr?: string; stdout?: string; message: string };
    const refusal = await refusedPublish(registry, `${err.stdout ?? ''}\n${err.stderr ?? ''}`, npm);
    if (refusal) {
      throw new SkillError(
        refusal.code,
        `${refusal.message.replace(/\.?$/, '')}; versions, CHANGELOG.md and the changesets were put back.`,
        {
          ...(refusal.hint && { hint: refusal.hint }),
          ...(refusal.details && { details: refusal.details }),
        },
      );
    }
    const line = String(err.stderr ?? '')
      .split('\n')
      .find((l) => /error|ERR!/i.test(l));
    throw new SkillError(
      'REGISTRY_ERROR',
      `The release failed: ${(line ?? err.message).trim().slice(0, 300)}; versions, CHANGELOG.md and the changesets were put back.`,
      {
        cause: e,
        hint: `Check that ${registry} accepts your publish (npm whoami --registry ${registry}), then run the release again.`,
      },
    );
  }
  return registry;
}
