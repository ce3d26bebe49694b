// `openclaw-skill validate <dir...> [--strict | --spec] [--json]`: checks skill folders and lists every
// problem. Exit 0 when all are valid, 1 when any is not (2 for bad usage, from commander).
import { isAbsolute, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { validateSkill, type Problem } from '@openclaw/skill-sdk';
import { EXIT, printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';

interface ValidateCommandOptions {
  strict?: boolean;
  spec?: boolean;
  json?: boolean;
}

export interface ValidateReport {
  dir: string;
  name?: string;
  ok: boolean;
  problems: Problem[];
}

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('<dir...>', 'skill folders')
    .option(
      '--strict',
      'apply the publishing rules: Agent Skills SKILL.md rules (keys Claude Code or OpenClaw read are warnings naming the agent), package.json, tools match the code (imports the built entry)',
    )
    .option(
      '--spec',
      "like --strict, with the Agent Skills specification's exact verdict on SKILL.md: agents' own keys are errors",
    )
    .option('--json', 'print [{ dir, name, ok, problems }]')
    .addHelpText('after', '\nExit status: 0 all valid, 1 any invalid, 2 bad usage.')
    .action(async (dirs: string[]) => {
      const opts = globalOptions<ValidateCommandOptions>(cmd);
      const reports = await validateAll(dirs, io.cwd, {
        strict: opts.strict === true,
        spec: opts.spec === true,
      });
      if (opts.json) printJson(io, reports);
      else io.stdout(formatReports(reports, dirs, io.cwd));
      if (reports.some((r) => !r.ok)) io.exitCode = EXIT.ERROR;
    });
}

/** Validates folders one after another (strict imports skill code; keep output in order). */
export async function validateAll(
  dirs: string[],
  cwd: string,
  mode: { strict: boolean; spec: boolean },
): Promise<ValidateReport[]> {
  const reports: ValidateReport[] = [];
  for (const dir of dirs) {
    const result = await validateSkill(resolve(cwd, dir), mode);
    const name = result.skill.manifest?.name ?? result.skill.doc?.name;
    reports.push({
      dir: result.skill.dir,
      ...(name !== undefined && { name }),
      ok: result.ok,
      problems: result.problems,
    });
  }
  return reports;
}

export function formatReports(reports: ValidateReport[], given: string[], cwd: string): string {
  const lines: string[] = [];
  reports.forEach((r, i) => {
    const dir = given[i] ?? r.dir;
    lines.push(r.ok ? `✓ ${dir}${r.name !== undefined ? ` (${r.name})` : ''}` : `✗ ${dir}`);
    for (const p of r.problems) lines.push(`  ${p.severity} ${p.code} ${problemText(p, cwd)}`);
  });
  return lines.join('\n') + '\n';
}

/**
 * A problem's file (and line), then its message. A message that starts with the file itself
 * ("/x is not a folder; ...") names it once, in its short form.
 */
export function problemText(p: Problem, cwd: string): string {
  const where = `${shortPath(p.file, cwd)}${p.line !== undefined ? `:${p.line}` : ''}`;
  if (p.line === undefined && p.file && p.message.startsWith(p.file))
    return `${where}${p.message.slice(p.file.length)}`;
  return `${where} ${p.message}`;
}

/** Paths under the current folder are shown relative to it; others stay absolute. */
function shortPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}
