import type { Command } from 'commander';
import type { Io } from '../io.js';

// Placeholder registration; the validate command is implemented with validateSkill.
export function registerValidate(program: Command, _io: Io): void {
  program
    .command('validate')
    .description('Check skill folders (package.json, manifest.json, SKILL.md)')
    .argument('<dir...>', 'skill folders')
    .option('--strict', 'apply the Agent Skills rules exactly, as before publishing')
    .action(() => {
      throw new Error('not implemented yet');
    });
}
