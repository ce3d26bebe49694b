// Preparing a skill from a folder, an archive or git for consent, as prepare.ts does for npm
// packages: the source is fetched into the store's staging area (a git checkout never lands
// anywhere else), the one skill picked is copied into its own staging folder with its file
// modes, and read as data. Nothing in it runs, and without a package.json no npm runs either.
// Its version is content-addressed (`<version>-sha256-<digest prefix>`), so the same files are
// the same version (`update` then changes nothing) and other files are a new generation.
import { grantsField } from './grants-field.js';
import { cp, rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { Fetched } from './fetch.js';
import { inspectPackage } from './inspect.js';
import { dropperCheck } from './dropper.js';
import {
  checkAbort,
  policyStep,
  sameNameWarnings,
  type PrepareContext,
  type Prepared,
} from './prepare.js';
import { extractTar, extractZip, isNpmTarball, unsafeEntry } from './source-archive.js';
import { digestFiles, digestIntegrity, readTree } from './source-digest.js';
import { checkoutGit } from './source-git.js';
import { findSkills, pickSkill } from './source-skills.js';
import {
  formatSourceSpec,
  parseSourceSpec,
  type SourceType,
  type WildSource,
} from './source-spec.js';
import { linkedVersion, makeStaging } from './store.js';
import type { InstallOptions, LockEntry } from './types.js';

/** What the lockfile records about where a skill came from. */
export interface SourceRecord {
  /** The spec as the user gave it. */
  source: string;
  type: SourceType;
  /** What `update` resolves again (the skill's own folder in the source, the ref as given). */
  spec: string;
  /** The exact source: the folder, archive or commit, with the skill's path. */
  resolved: string;
  commit?: string;
  digest: string;
}

export interface SourcePrepared extends Prepared {
  source: SourceRecord;
}

export interface SourceRequest {
  spec: string;
  cwd: string;
  /** The lockfile entry being restored: its commit is checked out and its digest must match. */
  frozen?: LockEntry;
}

/** Prepares `req.spec` when it names one of these sources; undefined for npm specs. */
export async function prepareSource(
  ctx: PrepareContext & { env: NodeJS.ProcessEnv },
  req: SourceRequest,
  opts: InstallOptions,
): Promise<SourcePrepared | undefined> {
  if (req.frozen && req.frozen.digest === undefined) return undefined;
  const src = parseSourceSpec(req.frozen?.resolved ?? req.spec, req.cwd);
  if (!src || (src.type === 'tarball' && (await isNpmTarball(src.file)))) return undefined;
  const progress = opts.onProgress ?? (() => undefined);
  const staged = await makeStaging(ctx.layout.root);
  const work = src.type === 'folder' ? undefined : await makeStaging(ctx.layout.root);
  try {
    progress({ step: 'fetch', detail: req.spec });
    const { root, commit } = await fetchSource(src, { work, env: ctx.env, opts });
    checkAbort(opts.signal);
    const searched = src.path ? resolve(root, src.path) : root;
    const skill = pickSkill(await findSkills(root, searched), {
      source: req.frozen ? `${req.frozen.name} (${req.frozen.resolved})` : req.spec,
      ...(src.skill !== undefined && { skill: src.skill }),
    });
    await copySkill(join(root, skill.path), staged);
    const digest = digestFiles(await readTree(staged));
    if (req.frozen) checkFrozen(req.frozen, digest);
    const source: SourceRecord = {
      source: req.frozen?.source ?? req.spec,
      type: src.type,
      spec: req.frozen?.spec ?? formatSourceSpec(src, { skillPath: skill.path }),
      resolved: formatSourceSpec(src, {
        skillPath: skill.path,
        ...(commit !== undefined && { ref: commit }),
      }),
      ...(commit !== undefined && { commit }),
      digest,
    };
    progress({ step: 'inspect', detail: skill.name });
    const prepared = await inspectSource(ctx, { staged, source, name: skill.name });
    await policyStep(ctx, prepared.inspected, opts);
    return { staged, fetched: prepared.fetched, summary: prepared.inspected.summary, source };
  } catch (e) {
    await rm(staged, { recursive: true, force: true });
    throw e;
  } finally {
    if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function fetchSource(
  src: WildSource,
  o: { work: string | undefined; env: NodeJS.ProcessEnv; opts: InstallOptions },
): Promise<{ root: string; commit?: string }> {
  if (src.type === 'folder') return { root: src.file };
  const work = o.work!;
  if (src.type === 'git') {
    const commit = await checkoutGit(src, work, {
      env: o.env,
      ...(o.opts.signal && { signal: o.opts.signal }),
    });
    return { root: work, commit };
  }
  if (src.type === 'zip') await extractZip(src.file, work);
  else await extractTar(src.file, work);
  return { root: work };
}

/**
 * Copies the skill's folder (not its git metadata) keeping file modes and symlinks as links;
 * a link that leaves the folder is refused.
 */
async function copySkill(from: string, to: string): Promise<void> {
  await cp(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    preserveTimestamps: false,
    filter: (p) => !relative(from, p).split(sep).includes('.git'),
  });
  for (const f of await readTree(to)) {
    if (!f.symlink) continue;
    const why = unsafeEntry({ path: f.path, type: 'symlink', target: String(f.contents) });
    if (why) {
      throw new SkillError(
        'PATH_UNSAFE',
        `${join(from, f.path)} is ${why}; nothing was installed.`,
        {
          file: join(from, f.path),
          hint: 'Replace the link with the file it points to, inside the skill folder.',
        },
      );
    }
  }
}

function checkFrozen(entry: LockEntry, digest: string): void {
  if (digest === entry.digest) return;
  throw new SkillError(
    'INSTALL_FAILED',
    `${entry.name}: the files at ${entry.resolved} are not the ones recorded (digest ${digest.slice(0, 12)}…, the lockfile has ${entry.digest!.slice(0, 12)}…); nothing was installed.`,
    {
      details: { skill: entry.name, expected: entry.digest, actual: digest },
      hint: `Install ${entry.name} again without --frozen (openclaw-skill install ${entry.source ?? entry.spec}) to record what the source holds now.`,
    },
  );
}

/** The content-addressed version: the skill's own semver (SKILL.md / manifest) or 0.0.0. */
export const sourceVersion = (base: string | undefined, digest: string): string =>
  `${base && /^\d+\.\d+\.\d+$/.test(base) ? base : '0.0.0'}-sha256-${digest.slice(0, 12)}`;

async function inspectSource(
  ctx: PrepareContext,
  o: { staged: string; source: SourceRecord; name: string },
) {
  const { staged, source } = o;
  const integrity = digestIntegrity(source.digest);
  const { summary: base, folder } = await inspectPackage(staged, source.source, ctx.hostVersion, {
    sourceVersion: (own) => sourceVersion(own, source.digest),
  });
  const previousVersion = await linkedVersion(ctx.layout, base.name, 'current');
  const fetched: Fetched = {
    package: base.package,
    version: base.version,
    resolved: source.resolved,
    integrity,
    type: source.type === 'folder' ? 'directory' : source.type === 'git' ? 'remote' : 'file',
  };
  const summary = {
    ...base,
    ...(previousVersion !== undefined && { previousVersion }),
    resolved: source.resolved,
    integrity,
    warnings: [
      ...sameNameWarnings(base.name, ctx.skills?.() ?? []),
      ...(await dropperCheck(staged)),
    ],
    ...grantsField(base, ctx.config(), ctx.userHome),
  };
  const raw = {
    ...(folder.manifest && { manifest: folder.manifest }),
    packageJson: folder.packageJson?.raw,
  };
  return { fetched, inspected: { summary, raw } };
}

/** The lockfile fields a prepared install adds to its entry (none for npm packages). */
export function sourceFields(
  prepared: Prepared | SourcePrepared,
  /** The entry this replaces: an update from the same place keeps the source first given. */
  was?: LockEntry,
): Pick<LockEntry, 'source' | 'type' | 'commit' | 'digest'> & { spec?: string } {
  if (!('source' in prepared)) return {};
  const s = prepared.source;
  return {
    spec: s.spec,
    source: was?.spec === s.spec && was.source !== undefined ? was.source : s.source,
    type: s.type,
    ...(s.commit !== undefined && { commit: s.commit }),
    digest: s.digest,
  };
}
