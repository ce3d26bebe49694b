import type { FolderGrants } from '@openclaw/skill-host/internal';

/** The folders a user granted a skill, for `list` and the install consent ('' when none). */
export function grantLines(grants: FolderGrants | undefined, indent = '    '): string {
  if (!grants) return '';
  const lines: string[] = [];
  if (grants.read.length) lines.push(`${indent}granted read: ${grants.read.join(', ')}\n`);
  if (grants.write.length) lines.push(`${indent}granted write: ${grants.write.join(', ')}\n`);
  return lines.join('');
}
