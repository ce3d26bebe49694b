// What `list` adds to each skill beyond the host's entry: which tool manages it (ClawHub, the
// `skills` CLI) and where `link` put it for agents.
import { findLinks, type LinkPlace, type ManagedBy } from '@openclaw/skill-host/internal';
import type { Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { linkContext } from './link-shared.js';

/** The links `link` made, by skill; none when HOME is unknown. */
export async function linksByName(opts: GlobalOptions, io: Io): Promise<Map<string, LinkPlace[]>> {
  try {
    return await findLinks(linkContext(opts, io));
  } catch {
    return new Map();
  }
}

/** Indented lines under a skill's line: its manager, then each link. */
export function extraLines(
  managedBy: Omit<ManagedBy, 'file'> | undefined,
  links: readonly LinkPlace[] | undefined,
): string {
  const lines: string[] = [];
  if (managedBy) {
    const what = [managedBy.source, managedBy.version && `version ${managedBy.version}`]
      .filter(Boolean)
      .join(', ');
    lines.push(`    managed by ${managedBy.tool}${what ? ` (${what})` : ''}`);
  }
  for (const l of links ?? []) lines.push(`    linked for ${l.agent} (${l.scope}): ${l.path}`);
  return lines.length ? lines.join('\n') + '\n' : '';
}
