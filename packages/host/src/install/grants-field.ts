import type { HostConfig } from '../config/schema.js';
import { grantedFolders, type FolderGrants } from '../runners/folder-grants.js';

/** The install summary's `grants`: what the user already granted a skill of this name. */
export function grantsField(
  skill: string,
  config: HostConfig,
  userHome?: string,
): { grants?: FolderGrants } {
  const grants = grantedFolders(config, skill, userHome);
  return grants ? { grants } : {};
}
