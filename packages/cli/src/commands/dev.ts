// `openclaw-skill dev <dir>`: serves one skill folder with live reload for its author. The
// host reads only that folder; every save of SKILL.md, manifest.json or the built code makes
// a new snapshot (and, for code, a new generation) and prints one line. Runs until Ctrl-C.
import { existsSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import type { SkillHost, SkillRecord } from '@openclaw/skill-host';
import { openHost } from '../host.js';
import { SkillError } from '@openclaw/skill-sdk';
import { printJson, type Io } from '../io.js';
import type { GlobalOptions } from '../options.js';

function describe(skill: SkillRecord | undefined, dir: string): string {
  if (!skill) return `no skill in ${dir} (it needs SKILL.md)`;
  const tools = skill.tools.length
    ? `${skill.tools.length} tool${skill.tools.length > 1 ? 's' : ''} (${skill.tools.map((t) => t.name).join(', ')})`
    : 'no tools';
  return `${skill.name}@${skill.version} ${skill.status}, ${tools}`;
}

function problems(io: Io, skill: SkillRecord | undefined): void {
  for (const p of skill?.problems ?? []) {
    io.stdout(`    ${p.severity} ${p.code} ${p.file}${p.line ? `:${p.line}` : ''} ${p.message}\n`);
  }
}

/**
 * Resolves when the process is asked to stop (SIGINT, SIGTERM). The handlers stay until
 * `release`: removing one while the signal is being delivered makes signal-exit (used by
 * write-file-atomic for the scan cache) think it is the only listener and re-kill the process.
 */
function stopSignal(): { stopped: Promise<void>; release(): void } {
  let resolveStop!: () => void;
  const stopped = new Promise<void>((r) => (resolveStop = r));
  const stop = () => resolveStop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    stopped,
    release() {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

export function configure(cmd: Command, io: Io): void {
  cmd.argument('<dir>', 'the skill folder').action(async (dirArg: string) => {
    const opts = cmd.optsWithGlobals<GlobalOptions>();
    const dir = resolve(io.cwd, dirArg);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      // A path that does not exist is a user error (1), as for `validate`.
      throw new SkillError(
        'SKILL_NOT_FOUND',
        `${dir} is not a folder; pass a skill folder (one holding SKILL.md).`,
      );
    }
    const signal = stopSignal();
    const host: SkillHost = await openHost(opts, io, { skillDir: dir, hostTools: false });
    const current = () => host.skills.find((s) => s.dir === dir);
    const say = (line: string, value: Record<string, unknown>) =>
      opts.json ? printJson(io, value) : io.stdout(`${line}\n`);
    try {
      const first = current();
      say(`serving ${describe(first, dir)}`, {
        event: 'serving',
        skill: first?.name,
        status: first?.status,
      });
      if (!opts.json) problems(io, first);
      host.on('reload', (e) => {
        const skill = current();
        const what = e.paths.map((p) => relative(dir, p) || '.').join(', ');
        say(`reloaded ${describe(skill, dir)} after ${what}`, {
          event: 'reload',
          paths: e.paths,
          skill: skill?.name,
          version: skill?.version,
          status: skill?.status,
          tools: skill?.tools.map((t) => t.name) ?? [],
          problems: skill?.problems ?? [],
        });
        if (!opts.json) problems(io, skill);
      });
      await host.watch({
        onDegraded: (root, reason) =>
          io.stderr(`not watching ${root} (${reason}); rescanning every few seconds\n`),
      });
      if (!opts.json) io.stdout('watching for changes (Ctrl-C to stop)\n');
      await signal.stopped;
    } finally {
      await host.close();
      signal.release();
    }
  });
}
