// Preparing one spec for consent, without touching the store: fetch into a staging folder,
// read it as data, check its dependency ranges, run the policy hook, and gather what the user
// must see (dropper findings, a package named unlike its skill, a skill of the same name from
// another source). The caller owns the staging folder it returns; on failure it is gone.
import { grantsField } from './grants-field.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillError, type Manifest } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import type { HostPaths } from '../paths.js';
import { checkDependencyRanges } from './dependency-ranges.js';
import { localBase } from './local-deps.js';
import { dropperCheck } from './dropper.js';
import type { Fetched } from './fetch.js';
import { inspectPackage } from './inspect.js';
import { runPolicyHook } from './policy-hook.js';
import { linkedVersion, makeStaging, type StoreLayout } from './store.js';
import { applyProvenance, applySignature, fetchVerified } from './verify-install.js';
import type { InstallOptions, InstallSummary, InstallWarning, LockEntry } from './types.js';
import type { NpmConfig } from './npm-config.js';

export interface PrepareContext {
  layout: StoreLayout;
  paths: HostPaths;
  config(): HostConfig;
  env: NodeJS.ProcessEnv;
  hostVersion?: string;
  /** The serving snapshot's records, for same-name warnings (absent: no such warning). */
  skills?(): readonly SkillRecord[];
  /** What `~` in the host config's folder grants expands to (default: the OS home). */
  userHome?: string;
  /** The user's npm configuration: its credentials go with every registry request. */
  npmConfig?(): Promise<NpmConfig>;
}

export interface PrepareRequest {
  spec: string;
  registry: string;
  /** The lockfile entry being restored (`--frozen`, sync): its integrity must match. */
  frozen?: LockEntry;
}

export interface Prepared {
  staged: string;
  fetched: Fetched;
  summary: InstallSummary;
}

export function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) {
    throw new SkillError('ABORTED', 'The install was cancelled; nothing was changed.');
  }
}

export async function prepare(
  ctx: PrepareContext,
  req: PrepareRequest,
  opts: InstallOptions,
): Promise<Prepared> {
  const progress = opts.onProgress ?? (() => undefined);
  const staged = await makeStaging(ctx.layout.root);
  try {
    progress({ step: 'fetch', detail: req.spec });
    // A local file or folder needs no registry: npm's configuration is not even read.
    const npm = req.spec.startsWith('file:') ? undefined : (await ctx.npmConfig?.())?.options;
    const { fetched, signature, provenance } = await fetchVerified(req.spec, staged, {
      registry: req.registry,
      ...(npm && { npm }),
      cache: ctx.paths.npmCache,
      home: ctx.paths.home,
      ...(req.frozen && { integrity: req.frozen.integrity }),
      preferOnline: !req.frozen,
    });
    checkAbort(opts.signal);
    progress({ step: 'inspect', detail: `${fetched.package}@${fetched.version}` });
    const { summary, raw } = await inspectStaged(ctx, {
      staged,
      fetched,
      spec: req.spec,
      allowLocalDeps: opts.allowLocalDeps === true,
    });
    const install = ctx.config().install;
    applySignature(summary, signature, {
      requireSignatures: install?.requireSignatures === true,
      config: ctx.paths.config,
    });
    applyProvenance(
      summary,
      { registry: signature !== undefined, ...(provenance && { provenance }) },
      { requireProvenance: install?.requireProvenance === true, config: ctx.paths.config },
    );
    await policyStep(ctx, { summary, raw }, opts);
    return { staged, fetched, summary };
  } catch (e) {
    await rm(staged, { recursive: true, force: true });
    throw e;
  }
}

async function inspectStaged(
  ctx: PrepareContext,
  o: { staged: string; fetched: Fetched; spec: string; allowLocalDeps: boolean },
): Promise<Inspected> {
  const { fetched } = o;
  const { summary: base, folder } = await inspectPackage(o.staged, o.spec, ctx.hostVersion);
  // Before consent and npm: anything but a registry range fails here, naming the field
  // (local folders only with allowLocalDeps, listed for consent by real path).
  const from = localBase(fetched);
  const localDependencies = await checkDependencyRanges({
    raw: folder.packageJson?.raw ?? {},
    where:
      fetched.type === 'directory' && from !== undefined
        ? join(from, 'package.json')
        : `package.json of ${fetched.package}@${fetched.version}`,
    ...(from !== undefined && { base: from }),
    ...(o.allowLocalDeps && { allowLocal: true }),
  });
  const previousVersion = await linkedVersion(ctx.layout, base.name, 'current');
  const summary: InstallSummary = {
    ...base,
    ...(previousVersion !== undefined && { previousVersion }),
    resolved: fetched.resolved,
    integrity: fetched.integrity,
    warnings: [
      ...nameWarnings(base.name, base.package),
      ...sameNameWarnings(base.name, ctx.skills?.() ?? []),
      ...(await dropperCheck(o.staged)),
    ],
    ...(localDependencies.length > 0 && { localDependencies }),
    ...grantsField(base, ctx.config(), ctx.userHome),
  };
  return {
    summary,
    raw: {
      ...(folder.manifest && { manifest: folder.manifest }),
      packageJson: folder.packageJson?.raw,
    },
  };
}

/** The summary shown at consent, and the package's own files for the policy hook. */
export interface Inspected {
  summary: InstallSummary;
  raw: { manifest?: Manifest; packageJson?: unknown };
}

/**
 * A package that names one skill and holds another is how a lookalike gets installed: the
 * unscoped package name must be the skill's name or end with `-<name>` (`oc-skill-weather`).
 */
export function nameWarnings(skill: string, pkg: string): InstallWarning[] {
  const unscoped = pkg.replace(/^@[^/]+\//, '');
  if (unscoped === skill || unscoped.endsWith(`-${skill}`)) return [];
  return [
    {
      code: 'NAME_MISMATCH',
      file: 'package.json',
      message: `The package ${pkg} installs a skill named "${skill}" (manifest.json / SKILL.md), not one named like the package.`,
    },
  ];
}

/** A skill of the same name elsewhere: the installed one hides it, or is hidden by it. */
export function sameNameWarnings(skill: string, records: readonly SkillRecord[]): InstallWarning[] {
  const out: InstallWarning[] = [];
  for (const r of records) {
    if (r.name !== skill || r.source.kind === 'store') continue;
    // Extra sources (library and config folders) come after the store; every other one,
    // the built-in tools included, comes before it.
    const storeWins = r.source.kind === 'extra';
    out.push({
      code: storeWins ? 'SHADOWS_SKILL' : 'SHADOWED_BY_SKILL',
      message: storeWins
        ? `It shadows the skill "${skill}" from ${r.dir} (${r.source.kind}): that one stops serving.`
        : `The skill "${skill}" from ${r.dir} (${r.source.kind}) shadows it: the installed one will not serve while that one is there.`,
    });
  }
  return out;
}

export async function policyStep(
  ctx: PrepareContext,
  { summary, raw }: Inspected,
  opts: InstallOptions,
): Promise<void> {
  const policyCommand = ctx.config().install?.policyCommand;
  if (!policyCommand) return;
  opts.onProgress?.({ step: 'policy', detail: policyCommand });
  const policy = await runPolicyHook(
    policyCommand,
    { summary, ...raw },
    { env: ctx.env, cwd: ctx.paths.home },
  );
  summary.policy = policy;
  if (policy.decision === 'block') {
    throw new SkillError(
      'POLICY_DENIED',
      `The install policy blocks ${summary.name}@${summary.version}${policy.reason ? `: ${policy.reason}` : '.'}`,
      { hint: `Ask the operator; the policy is install.policyCommand in ${ctx.paths.config}.` },
    );
  }
  if (policy.decision === 'warn') {
    summary.warnings.push({
      code: 'POLICY_WARN',
      message: `The install policy warns${policy.reason ? `: ${policy.reason}` : '.'}`,
    });
  }
}
