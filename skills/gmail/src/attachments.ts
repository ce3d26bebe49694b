// Files gmail.send may attach: a record the skill keeps in its own storage, or a file inside
// a folder the user listed in the skill's config (`attachmentFolders`). Anything else is
// refused naming that setting: a model must not be able to mail out ~/.ssh.
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, sep } from 'node:path';
import { SkillError, type SkillContext } from '@openclaw/skill-sdk';
import type { GmailConfig } from './api.js';
import type { OutgoingAttachment } from './compose.js';

/** Gmail refuses messages over 25 MB of attachments; fail before reading more. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export type AttachmentRef = { storageKey: string } | { path: string };

/** What a stored attachment looks like (`ctx.storage.set(key, record)`). */
export interface StoredAttachment {
  filename: string;
  contentType?: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

const inside = (folder: string, file: string) => {
  const rel = relative(folder, file);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

async function fromStorage(
  ctx: SkillContext<GmailConfig>,
  key: string,
): Promise<OutgoingAttachment> {
  const rec = await ctx.storage.get<StoredAttachment>(key);
  if (!rec || typeof rec.filename !== 'string' || typeof rec.contentBase64 !== 'string') {
    throw new SkillError('INVALID_INPUT', `The skill's storage has no attachment under "${key}".`, {
      details: { storageKey: key },
    });
  }
  return {
    filename: rec.filename,
    content: Buffer.from(rec.contentBase64, 'base64'),
    ...(rec.contentType && { contentType: rec.contentType }),
  };
}

async function fromPath(cfg: GmailConfig, path: string): Promise<OutgoingAttachment> {
  const denied = () =>
    new SkillError(
      'POLICY_DENIED',
      `"${path}" is not inside a folder the user allowed for attachments.`,
      {
        hint: 'Ask the user to add the folder to skills.gmail.config.attachmentFolders in the host config.',
        details: { path, allowed: cfg.attachmentFolders },
      },
    );
  if (!isAbsolute(path)) throw denied();
  // Real paths on both sides, so a symlink inside an allowed folder cannot point out of it.
  const real = await realpath(path).catch((e: NodeJS.ErrnoException) => {
    // Sandboxed (installed from a registry), the skill reads only folders the user granted it.
    if (e.code === 'ERR_ACCESS_DENIED') {
      throw new SkillError(
        'POLICY_DENIED',
        `"${path}" is in a folder the host has not granted this skill.`,
        {
          hint: 'Ask the user to add the folder to skills.gmail.grant.read in the host config.',
          details: { path },
        },
      );
    }
    throw new SkillError('INVALID_INPUT', `No file at "${path}".`, { details: { path } });
  });
  const folders = await Promise.all(
    (cfg.attachmentFolders ?? []).map((f) => realpath(f).catch(() => undefined)),
  );
  if (!folders.some((f) => f !== undefined && inside(f, real))) throw denied();
  const info = await stat(real);
  if (!info.isFile()) throw new SkillError('INVALID_INPUT', `"${path}" is not a file.`);
  if (info.size > MAX_ATTACHMENT_BYTES)
    throw new SkillError('INVALID_INPUT', `"${path}" is larger than Gmail's 25 MB limit.`);
  return { filename: basename(real), content: await readFile(real) };
}

export async function loadAttachments(
  ctx: SkillContext<GmailConfig>,
  refs: readonly AttachmentRef[],
): Promise<OutgoingAttachment[]> {
  const out: OutgoingAttachment[] = [];
  let total = 0;
  for (const ref of refs) {
    const a =
      'storageKey' in ref
        ? await fromStorage(ctx, ref.storageKey)
        : await fromPath(ctx.config, ref.path);
    total += a.content.byteLength;
    if (total > MAX_ATTACHMENT_BYTES)
      throw new SkillError(
        'INVALID_INPUT',
        "The attachments together are larger than Gmail's 25 MB limit.",
      );
    out.push(a);
  }
  return out;
}
