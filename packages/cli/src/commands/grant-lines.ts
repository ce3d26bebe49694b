import type { ShownGrants } from '@openclaw/skill-host/internal';

/** The folders a user granted a skill, for `list` and the install consent ('' when none). */
export function grantLines(grants: ShownGrants | undefined, indent = '    '): string {
  if (!grants) return '';
  const lines: string[] = [];
  if (grants.read.length) lines.push(`${indent}granted read: ${grants.read.join(', ')}\n`);
  if (grants.write.length) lines.push(`${indent}granted write: ${grants.write.join(', ')}\n`);
  if (grants.unenforced) lines.push(`${indent}! ${grants.unenforced}\n`);
  return lines.join('');
}
