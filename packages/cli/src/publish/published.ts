// Reads a published skill as install would, without installing or running it: pacote fetches
// the tarball (integrity checked against the registry's) into a temp folder, the installer's
// inspect step reads package.json, manifest.json and SKILL.md as data, the folder is deleted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_API_VERSION, isSkillError, SkillError } from '@openclaw/skill-sdk';
import type { InstallSummary } from '@openclaw/skill-host/internal';
import satisfies from 'semver/functions/satisfies.js';
import {
  garbage,
  networkCode,
  registryHint,
  unreachable,
  type RegistryContext,
} from './registry.js';

export interface Published {
  summary: Omit<InstallSummary, 'warnings' | 'previousVersion'>;
  /** package.json `author` as one line, when there is one. */
  author?: string;
  /** Whether this host's API version satisfies the manifest's `host` range. */
  hostCompatible: boolean;
}

export async function readPublished(spec: string, ctx: RegistryContext): Promise<Published> {
  const { fetchVerified, inspectPackage, registryForSpec } =
    await import('@openclaw/skill-host/internal');
  // A scoped package is read from its scope's registry (`@company:registry=`), as npm does.
  const registry = registryForSpec(spec, ctx.registry, ctx.npm);
  const dir = await mkdtemp(join(tmpdir(), 'openclaw-info-'));
  try {
    let verified;
    try {
      // Signature and provenance are checked as install checks them, so `info` shows both
      // (or refuses as install would) before anything is installed.
      verified = await fetchVerified(spec, join(dir, 'package'), {
        registry,
        npm: ctx.npm,
        cache: ctx.cache,
        home: ctx.home,
        // `info` and `search` must see what was just published, not a cached packument.
        preferOnline: true,
      });
    } catch (e) {
      if (isSkillError(e) && / was refused: /.test(e.message)) throw e;
      // A registry that refused the request: install's line says which and how to log in.
      if (isSkillError(e) && e.code === 'REGISTRY_ERROR') throw e;
      // A local folder or tarball never reached the registry: the fetcher's line says what
      // is wrong with it (a registry diagnosis would blame the registry).
      if (spec.startsWith('file:') && isSkillError(e)) throw localFailure(e);
      throw await registryFailure(spec, registry, { e, npm: ctx.npm });
    }
    let inspected;
    try {
      inspected = await inspectPackage(join(dir, 'package'), spec, HOST_API_VERSION, {
        checkHost: false,
      });
    } catch (e) {
      if (!isSkillError(e)) throw e;
      throw new SkillError(
        e.code === 'MANIFEST_INVALID' ? 'MANIFEST_INVALID' : 'PACKAGE_INVALID',
        e.message,
        { hint: 'Search for skills with `openclaw-skill search <words>`.' },
      );
    }
    const { summary, folder } = inspected;
    const { fetched, signature, provenance } = verified;
    const author = authorLine(folder.packageJson?.raw.author);
    return {
      summary: {
        ...summary,
        resolved: fetched.resolved,
        integrity: fetched.integrity,
        ...(signature && { signature }),
        ...(provenance && { provenance }),
      },
      ...(author !== undefined && { author }),
      hostCompatible:
        summary.hostRange === undefined ||
        satisfies(HOST_API_VERSION, summary.hostRange, { includePrerelease: true }),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** package.json's `author`: "Name <mail> (url)" or `{ name, email, url }`; the name is shown. */
export function authorLine(author: unknown): string | undefined {
  if (typeof author === 'string') return author.replace(/\s*[<(].*$/, '').trim() || undefined;
  if (author && typeof author === 'object') {
    const name = (author as { name?: unknown }).name;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  }
  return undefined;
}

/** The install fetcher's error for a local spec, coded for a command that installs nothing. */
function localFailure(e: SkillError): SkillError {
  const missing = (e.cause as { code?: unknown } | undefined)?.code === 'ENOENT';
  return new SkillError(missing ? 'SKILL_NOT_FOUND' : 'PACKAGE_INVALID', e.message, {
    cause: e,
    ...(e.hint && { hint: e.hint }),
  });
}

/** The install fetcher's error, said for a command that only reads the registry. */
async function registryFailure(
  spec: string,
  registry: string,
  o: { e: unknown; npm: Readonly<Record<string, unknown>> },
): Promise<SkillError> {
  const { e } = o;
  const cause = isSkillError(e) ? (e.cause ?? e) : e;
  const code = (cause as { code?: unknown })?.code;
  const net = networkCode(cause);
  if (net) return unreachable(registry, net, e);
  if (
    code === 'E404' ||
    code === 'ETARGET' ||
    code === 'ENOVERSIONS' ||
    (cause as { statusCode?: unknown })?.statusCode === 404
  ) {
    // pacote says "no such version" for a missing package, an unmatched range and a document
    // of the wrong shape alike: the document itself tells them apart.
    return diagnose(spec, registry, o);
  }
  if (
    code === 'EJSONPARSE' ||
    code === 'FETCH_ERROR' ||
    /invalid json|JSON/i.test(String((cause as Error)?.message))
  ) {
    return garbage(registry, `something that is not an npm package document for ${spec}`, e);
  }
  if (typeof code === 'string' && /^E\d{3}$/.test(code)) {
    return new SkillError(
      'REGISTRY_ERROR',
      `The registry ${registry} answered ${spec} with HTTP ${code.slice(1)}.`,
      {
        cause: e,
        hint: registryHint,
      },
    );
  }
  if (isSkillError(e))
    return new SkillError('REGISTRY_ERROR', e.message, {
      cause: e,
      ...(e.hint && { hint: e.hint }),
    });
  return new SkillError(
    'REGISTRY_ERROR',
    `Could not fetch ${spec} from ${registry}: ${(e as Error)?.message ?? String(e)}`,
    { cause: e },
  );
}

/** `@scope/name@range` -> `@scope/name`; `name@range` -> `name`. */
export const packageNameOf = (spec: string): string => {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at > 0 ? spec.slice(0, at) : spec;
};

async function diagnose(
  spec: string,
  registry: string,
  o: { e: unknown; npm: Readonly<Record<string, unknown>> },
): Promise<SkillError> {
  const { e } = o;
  const { authHeaders } = await import('@openclaw/skill-host/internal');
  const name = packageNameOf(spec);
  const notFound = new SkillError('REGISTRY_ERROR', `${spec} was not found on ${registry}.`, {
    cause: e,
    hint: 'Check the name, or find skills with `openclaw-skill search <words>`.',
  });
  let res: Response;
  try {
    const url = new URL(name.replace('/', '%2f'), registry);
    res = await fetch(url, {
      headers: { accept: 'application/json', ...authHeaders(url.href, registry, o.npm) },
    });
  } catch {
    return notFound;
  }
  if (res.status === 404) return notFound;
  let doc: { versions?: unknown; 'dist-tags'?: unknown };
  try {
    doc = JSON.parse(await res.text());
  } catch (err) {
    return garbage(registry, `something that is not an npm package document for ${spec}`, err);
  }
  const versions = doc?.versions;
  if (typeof versions !== 'object' || versions === null || Array.isArray(versions)) {
    return garbage(registry, `a document for ${name} without a \`versions\` map`, e);
  }
  if (Object.keys(versions).length === 0) return notFound;
  const latest = (doc['dist-tags'] as { latest?: unknown } | undefined)?.latest;
  const range = spec.slice(name.length + 1) || 'latest';
  return new SkillError(
    'REGISTRY_ERROR',
    `${name} has no version matching ${range} on ${registry}.`,
    {
      cause: e,
      hint:
        typeof latest === 'string'
          ? `Its latest version is ${latest}.`
          : 'Check the version or range.',
    },
  );
}
