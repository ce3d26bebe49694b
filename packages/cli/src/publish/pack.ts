// `pack`'s steps, in order: build (the package's build script), strict validation (which
// imports the built entry), its tests, then npm's own listing of what would ship, checked
// against the refusal rules. The tarball is written only when every step passed.
import { execFile } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { SkillError, validateSkill, type Problem } from '@openclaw/skill-sdk';
import { refusals, type Refusal } from './pack-rules.js';
import { missingPackageHint } from './skill-md-package.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export interface PackOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  test: boolean;
  dryRun: boolean;
  /** Where the tarball goes (default: the package folder, as `npm pack` does). */
  destination?: string;
  onStep(step: string): void;
  /** Output of a step that failed (its last lines), for the user to read. */
  onOutput(text: string): void;
}

export interface PackReport {
  package: string;
  version: string;
  files: { path: string; size: number }[];
  /** Bytes of the gzipped tarball and of its contents. */
  size: number;
  unpackedSize: number;
  integrity: string;
  /** The tarball written; absent with --dry-run. */
  tarball?: string;
  refusals: Refusal[];
  steps: string[];
}

interface NpmPackEntry {
  name: string;
  version: string;
  filename: string;
  size: number;
  unpackedSize: number;
  integrity: string;
  files: { path: string; size: number }[];
}

const refuse = (message: string, hint?: string, details?: Record<string, unknown>) =>
  new SkillError('PACK_REFUSED', message, {
    ...(hint && { hint }),
    ...(details && { details }),
  });

function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      cmd,
      args,
      { cwd, env, maxBuffer: 64 << 20, windowsHide: true },
      (err, stdout, stderr) =>
        done({
          code: err ? Number((err as { code?: unknown }).code) || 1 : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

const tail = (text: string, lines = 30) => text.trimEnd().split('\n').slice(-lines).join('\n');

export async function packSkill(o: PackOptions): Promise<PackReport> {
  const dir = resolve(o.dir);
  const steps: string[] = [];
  const step = (s: string) => {
    steps.push(s);
    o.onStep(s);
  };
  let pkg: { name?: string; scripts?: Record<string, string>; files?: string[] };
  try {
    pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  } catch (e) {
    throw refuse(
      `${join(dir, 'package.json')} is missing or not JSON (${messageOf(e).split('\n')[0]}).`,
      missingPackageHint(dir),
    );
  }
  const scripts = pkg.scripts ?? {};
  const npmRun = async (script: string, what: string) => {
    step(`${what} (npm run ${script})`);
    const r = await run('npm', ['run', script, '--silent'], dir, o.env);
    if (r.code !== 0) {
      o.onOutput(tail(`${r.stdout}\n${r.stderr}`));
      throw refuse(
        `The ${what} failed: \`npm run ${script}\` exited ${r.code} in ${dir}.`,
        'Fix it, then pack again.',
      );
    }
  };
  if (scripts.build) await npmRun('build', 'build');

  step('validate --strict');
  const validation = await validateSkill(dir, { strict: true });
  const errors = validation.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw validationRefusal(errors, dir);

  if (o.test && scripts.test) await npmRun('test', 'tests');

  step('list (npm pack --dry-run)');
  const listed = await npmPack(dir, o.env, ['--dry-run']);
  const shipped = await Promise.all(
    listed.files.map(async (f) => ({ path: f.path, text: await readHead(join(dir, f.path)) })),
  );
  const found = refusals(shipped, pkg.files);
  const report: PackReport = {
    package: listed.name,
    version: listed.version,
    files: listed.files.map((f) => ({ path: f.path, size: f.size })),
    size: listed.size,
    unpackedSize: listed.unpackedSize,
    integrity: listed.integrity,
    refusals: found,
    steps,
  };
  if (found.length > 0 || o.dryRun) return report;

  step('write (npm pack)');
  const dest = resolve(o.destination ?? dir);
  const written = await npmPack(dir, o.env, ['--pack-destination', dest]);
  return { ...report, integrity: written.integrity, tarball: join(dest, written.filename) };
}

/** One line naming the first problem's file; the rest are counted (validate lists them all). */
function validationRefusal(errors: Problem[], dir: string): SkillError {
  const first = errors[0]!;
  const rel = relative(dir, first.file) || first.file;
  const where = `${rel}${first.line !== undefined ? `:${first.line}` : ''}`;
  // Some messages start with their file already; it is said once.
  const message = first.message.startsWith(`${rel}: `)
    ? first.message.slice(rel.length + 2)
    : first.message;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return refuse(
    `Strict validation failed: ${where} ${message}${more}`,
    `Run \`openclaw-skill validate --strict ${dir}\` for every problem.`,
    { problems: errors },
  );
}

async function npmPack(
  dir: string,
  env: NodeJS.ProcessEnv,
  extra: string[],
): Promise<NpmPackEntry> {
  const r = await run('npm', ['pack', '--json', ...extra], dir, env);
  let entry: NpmPackEntry | undefined;
  try {
    // Lifecycle scripts (prepack) may print before the JSON: it is the last top-level array.
    const at = r.stdout.lastIndexOf('\n[');
    entry = (JSON.parse(at >= 0 ? r.stdout.slice(at + 1) : r.stdout) as NpmPackEntry[])[0];
  } catch {
    entry = undefined;
  }
  if (r.code !== 0 || !entry) {
    throw refuse(`npm pack failed in ${dir} (exit ${r.code}): ${tail(r.stderr, 3) || 'no output'}`);
  }
  return entry;
}

/** The first megabyte of a file as text (enough to find a key block), or undefined. */
async function readHead(file: string): Promise<string | undefined> {
  try {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.alloc(1 << 20);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead).toString('latin1');
    } finally {
      await fh.close();
    }
  } catch {
    return undefined;
  }
}
