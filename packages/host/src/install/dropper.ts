// A static look for the "dropper" patterns skill-marketplace malware uses to fetch and run a
// second stage: a download piped into a shell, a long base64 blob decoded into a shell, and
// password-protected archives (which scanners cannot open). It reads text only and runs
// nothing. Findings are warnings shown before consent, not proof: the user decides.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { InstallWarning } from './types.js';

const SHELL = String.raw`(?:ba|z|da|k)?sh|bash|zsh|sudo\s+(?:ba)?sh|python3?|node|perl|ruby|iex|powershell`;

const RULES: { code: string; re: RegExp; what: string }[] = [
  {
    code: 'DROPPER_PIPE_TO_SHELL',
    // curl|wget|fetch ... | sh  (also `irm ... | iex` on Windows)
    re: new RegExp(
      String.raw`\b(?:curl|wget|fetch|irm|iwr|Invoke-WebRequest)\b[^\n|]*\|\s*(?:${SHELL})\b`,
      'i',
    ),
    what: 'downloads something and pipes it straight into a shell',
  },
  {
    code: 'DROPPER_PIPE_TO_SHELL',
    // sh -c "$(curl ...)"  /  bash <(curl ...)
    re: /\b(?:ba|z)?sh\b[^\n]*(?:\$\(|<\()\s*(?:curl|wget)\b/i,
    what: 'runs the output of a download in a shell',
  },
  {
    code: 'DROPPER_BASE64_TO_SHELL',
    // A long base64 literal decoded and piped to a shell (or eval'd).
    re: new RegExp(
      String.raw`[A-Za-z0-9+/]{80,}={0,2}[^\n]*\|\s*base64\s+(?:-d|--decode|-D)\b[^\n]*\|\s*(?:${SHELL})\b`,
      'i',
    ),
    what: 'decodes a long base64 blob and pipes it into a shell',
  },
  {
    code: 'DROPPER_BASE64_TO_SHELL',
    re: new RegExp(
      String.raw`base64\s+(?:-d|--decode|-D)\b[^\n]*<<<\s*['"]?[A-Za-z0-9+/]{80,}[^\n]*\|\s*(?:${SHELL})\b`,
      'i',
    ),
    what: 'decodes a long base64 blob and pipes it into a shell',
  },
  {
    code: 'DROPPER_ENCRYPTED_ARCHIVE',
    // unzip -P pass, 7z x -pPASS, "the password is ..." next to an archive
    re: /\b(?:unzip\s+(?:-[a-zA-Z]*\s+)*-P\s*\S+|7z[a]?\s+[xe]\b[^\n]*\s-p\S+|(?:zip|rar|7z|archive)\b[^\n]{0,80}\bpass(?:word|phrase)\s*(?:is|:|=))/i,
    what: 'opens a password-protected archive (its contents cannot be checked)',
  },
];

/** Text files looked at: SKILL.md, package.json (its scripts), and everything under scripts/. */
const MAX_FILE = 512 * 1024;
const MAX_FILES = 200;

export function scanText(text: string, file: string): InstallWarning[] {
  const found: InstallWarning[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    for (const rule of RULES) {
      if (rule.re.test(line) && !found.some((f) => f.line === i + 1 && f.code === rule.code)) {
        found.push({
          code: rule.code,
          file,
          line: i + 1,
          message: `${file}:${i + 1} ${rule.what}.`,
        });
      }
    }
  });
  return found;
}

/** Archive files that are encrypted zips (general-purpose bit 0 of a local file header). */
function encryptedZip(bytes: Buffer): boolean {
  return (
    bytes.length > 8 && bytes.readUInt32LE(0) === 0x04034b50 && (bytes.readUInt16LE(6) & 1) === 1
  );
}

async function listFiles(dir: string, out: string[] = []): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (out.length >= MAX_FILES) break;
    if (e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) await listFiles(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

export async function dropperCheck(pkgDir: string): Promise<InstallWarning[]> {
  const files = [join(pkgDir, 'SKILL.md'), join(pkgDir, 'package.json')];
  files.push(...(await listFiles(join(pkgDir, 'scripts'))));
  const warnings: InstallWarning[] = [];
  for (const file of files) {
    const rel = relative(pkgDir, file);
    let bytes: Buffer;
    try {
      if ((await stat(file)).size > MAX_FILE) continue;
      bytes = await readFile(file);
    } catch {
      continue;
    }
    if (/\.(zip|7z|rar)$/i.test(file)) {
      if (encryptedZip(bytes) || /\.(7z|rar)$/i.test(file)) {
        warnings.push({
          code: 'DROPPER_ENCRYPTED_ARCHIVE',
          file: rel,
          message: `${rel} is ${encryptedZip(bytes) ? 'a password-protected' : 'an opaque'} archive (its contents cannot be checked).`,
        });
      }
      continue;
    }
    warnings.push(...scanText(bytes.toString('utf8'), rel));
  }
  return warnings;
}
