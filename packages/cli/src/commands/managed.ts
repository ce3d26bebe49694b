// `update`, `remove` and `rollback` of a skill that ClawHub or the `skills` CLI installed:
// that tool keeps its files and its lock, so this one refuses and names the command to run.
import { SkillError } from '@openclaw/skill-sdk';
import { managerCommand, type ManagedBy } from '@openclaw/skill-host/internal';

const TOOL_NAME = { clawhub: 'ClawHub', skills: 'the skills CLI' } as const;

interface Listed {
  name: string;
  source: string | { kind: string };
  managedBy?: Omit<ManagedBy, 'file'>;
}

/** The refusal for a skill only another tool installed, or undefined when this one may act. */
export function managedRefusal(
  name: string,
  skills: readonly Listed[],
  verb: 'update' | 'remove' | 'rollback',
): SkillError | undefined {
  const same = skills.filter((s) => s.name === name);
  const kind = (s: Listed) => (typeof s.source === 'string' ? s.source : s.source.kind);
  if (same.some((s) => kind(s) === 'store')) return undefined;
  const managed = same.find((s) => s.managedBy)?.managedBy;
  if (!managed) return undefined;
  const command = managerCommand(managed, verb === 'remove' ? 'remove' : 'update', name);
  return new SkillError(
    'MANAGED_ELSEWHERE',
    `${name} was installed by ${TOOL_NAME[managed.tool]}, which keeps its files and lock; a ${verb} here would put the two out of step.`,
    { hint: `Run: ${command}` },
  );
}
