// `<home>/skills.lock.json`: what is installed from npm, exactly (name, version, resolved,
// integrity, time), so `install --frozen` can rebuild the store on a clean home. Written
// atomically (write-file-atomic: temp file + rename), keys sorted so diffs stay small.
import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { SkillError } from '@openclaw/skill-sdk';
import type { LockEntry, LockFile } from './types.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export const emptyLock = (): LockFile => ({ lockfileVersion: 1, skills: {} });

const ENTRY_FIELDS = ['name', 'package', 'version', 'resolved', 'integrity', 'time', 'spec'];

export function parseLock(text: string, file: string): LockFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new SkillError('INSTALL_FAILED', `${file} is not valid JSON: ${messageOf(e)}`, {
      file,
      hint: `Fix or delete ${file} (then install the skills again).`,
    });
  }
  const lock = data as Partial<LockFile>;
  if (lock?.lockfileVersion !== 1 || typeof lock.skills !== 'object' || lock.skills === null) {
    throw new SkillError('INSTALL_FAILED', `${file} is not a version 1 skills lockfile.`, {
      file,
      hint: `Fix or delete ${file}.`,
    });
  }
  for (const [key, entry] of Object.entries(lock.skills)) {
    const missing = ENTRY_FIELDS.filter(
      (f) => typeof (entry as unknown as Record<string, unknown>)[f] !== 'string',
    );
    if (missing.length > 0 || entry.name !== key) {
      throw new SkillError(
        'INSTALL_FAILED',
        `${file}: the entry "${key}" ${missing.length > 0 ? `lacks ${missing.join(', ')}` : `names "${entry.name}"`}.`,
        {
          file,
          hint: `Fix the entry "${key}" in ${file}, or remove it and install the skill again.`,
        },
      );
    }
  }
  return lock as LockFile;
}

export async function readLock(file: string): Promise<LockFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyLock();
    throw e;
  }
  return parseLock(text, file);
}

export function withEntry(lock: LockFile, entry: LockEntry): LockFile {
  return sortLock({ ...lock, skills: { ...lock.skills, [entry.name]: entry } });
}

export function withoutEntry(lock: LockFile, name: string): LockFile {
  const skills = { ...lock.skills };
  delete skills[name];
  return sortLock({ ...lock, skills });
}

function sortLock(lock: LockFile): LockFile {
  const skills: Record<string, LockEntry> = {};
  for (const key of Object.keys(lock.skills).sort()) {
    const e = lock.skills[key]!;
    // A fixed field order, whatever order the entry was built in.
    skills[key] = {
      name: e.name,
      package: e.package,
      version: e.version,
      resolved: e.resolved,
      integrity: e.integrity,
      time: e.time,
      spec: e.spec,
      ...(e.registry !== undefined && { registry: e.registry }),
      ...(e.range !== undefined && { range: e.range }),
      ...(e.localDependencies !== undefined && { localDependencies: e.localDependencies }),
      ...(e.source !== undefined && { source: e.source }),
      ...(e.type !== undefined && { type: e.type }),
      ...(e.commit !== undefined && { commit: e.commit }),
      ...(e.digest !== undefined && { digest: e.digest }),
      ...(e.signature !== undefined && { signature: e.signature }),
      ...(e.provenance !== undefined && { provenance: e.provenance }),
    };
  }
  return { lockfileVersion: 1, skills };
}

export async function writeLock(file: string, lock: LockFile): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(lock, null, 2)}\n`);
}
