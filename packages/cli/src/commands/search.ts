// `openclaw-skill search [words...] [--registry <url>] [--limit <n>] [--json]`: skills on an
// npm registry (the `openclaw-skill` keyword). The search API gives name, version, description
// and author; whether a skill runs code and which OAuth scopes it asks for are read from each
// result's tarball (as `info` does), because only the manifest inside says so reliably.
import type { Command } from 'commander';
import { isSkillError, SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { readPublished } from '../publish/published.js';
import { noCredentialsNote, registryContext } from '../publish/registry.js';
import { searchRegistry, type SearchHit } from '../publish/search.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

interface SearchFlags extends GlobalOptions {
  registry?: string;
  limit?: string;
}

export interface SearchEntry {
  package: string;
  version: string;
  description: string;
  author?: string;
  /** The skill's name (manifest / SKILL.md); absent when the package is not a readable skill. */
  skill?: string;
  /** `code` runs the skill's own code; `docs` is instructions only. */
  kind?: 'code' | 'docs';
  /** OAuth scopes per provider key (empty when it needs no OAuth). */
  oauth: Record<string, string[]>;
  tools: string[];
  /** Why the package could not be read as a skill. */
  problem?: string;
}

/** Tarballs read at once: a search shows up to --limit results. */
const PARALLEL = 4;

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('[words...]', 'what to look for (none: every skill)')
    .option(
      '--registry <url>',
      'npm registry (default: install.registry in config, else npm config)',
    )
    .option('--limit <n>', 'show at most n skills', '20')
    .addHelpText(
      'after',
      [
        '',
        'Each result is read from its tarball (no code runs) to show whether it runs',
        'code and which OAuth scopes it needs.',
        'Exit status: 0 ok (also when nothing matched), 1 the registry failed, 2 bad usage.',
      ].join('\n'),
    )
    .action(async (words: string[]) => {
      const opts = cmd.optsWithGlobals<SearchFlags>();
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 250)
        throw new SkillError('USAGE', `--limit ${opts.limit}: give a whole number from 1 to 250.`);
      const ctx = await registryContext(opts, io);
      const query = words.join(' ');
      io.stderr(`${opts.json ? '' : '· '}searching ${ctx.registry}\n`);
      const hits = await searchRegistry(ctx.registry, query, { size: limit, headers: ctx.headers });
      if (hits.length > 0)
        io.stderr(
          `${opts.json ? '' : '· '}reading ${hits.length} skill${hits.length > 1 ? 's' : ''}\n`,
        );
      const entries = await mapLimit(hits, PARALLEL, (h) => describeHit(h, ctx));
      if (opts.json) return printJson(io, entries);
      if (entries.length === 0) {
        io.stdout(`No skills found${query ? ` for "${query}"` : ''} on ${ctx.registry}\n`);
        // A private registry hides from anonymous users what they may not read.
        if (!ctx.headers.authorization) io.stderr(`· ${noCredentialsNote(ctx.registry)}\n`);
        return;
      }
      io.stdout(entries.map(formatEntry).join(''));
    });
}

async function describeHit(
  h: SearchHit,
  ctx: Awaited<ReturnType<typeof registryContext>>,
): Promise<SearchEntry> {
  const base = {
    package: h.name,
    version: h.version,
    description: h.description,
    ...(h.author && { author: h.author }),
  };
  try {
    const { summary, author } = await readPublished(`${h.name}@${h.version}`, ctx);
    return {
      ...base,
      description: base.description || summary.description,
      ...(!base.author && author && { author }),
      skill: summary.name,
      kind: summary.kind,
      oauth: summary.scopes,
      tools: summary.tools.map((t) => t.name),
    };
  } catch (e) {
    // One unreadable result does not hide the others; it is shown with its reason.
    if (isSkillError(e) && e.details?.unreachable === true) throw e;
    return { ...base, oauth: {}, tools: [], problem: messageOf(e) };
  }
}

export function formatEntry(e: SearchEntry): string {
  const head = `${e.package}@${e.version}${e.skill && e.skill !== e.package ? ` (skill ${e.skill})` : ''}`;
  const lines = [head];
  if (e.description) lines.push(`  ${e.description}`);
  const facts: string[] = [];
  if (e.author) facts.push(`by ${e.author}`);
  if (e.kind) facts.push(e.kind === 'code' ? 'runs code' : 'docs only (no code)');
  const oauth = Object.entries(e.oauth);
  facts.push(
    e.problem
      ? `not readable as a skill: ${e.problem}`
      : oauth.length === 0
        ? 'no OAuth'
        : oauth.map(([p, s]) => `OAuth ${p}: ${s.join(', ') || '(no scopes named)'}`).join('; '),
  );
  lines.push(`  ${facts.join(' · ')}`);
  if (e.tools.length > 0) lines.push(`  tools: ${e.tools.join(', ')}`);
  return lines.join('\n') + '\n';
}

async function mapLimit<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}
