// The lines consent and `info` show for what an install promises: the registry signature and
// the provenance (where the package was built), so a user sees both before saying yes.
import type { InstallSummary } from '@openclaw/skill-host';

type Trust = Pick<InstallSummary, 'signature' | 'provenance' | 'integrity'>;

export function trustLines(s: Trust, indent = '  '): string[] {
  const lines: string[] = [];
  const sig = s.signature;
  if (sig) {
    lines.push(
      `${indent}registry signature: ${
        sig.status === 'verified'
          ? `verified (${sig.keyids?.join(', ') ?? 'registry key'})`
          : sig.status === 'unsigned'
            ? 'MISSING (the registry signs, this version is not signed)'
            : 'cannot be checked (the registry publishes no signing keys)'
      }`,
    );
  }
  const p = s.provenance;
  if (p) {
    lines.push(`${indent}provenance: verified (${p.predicateType})`);
    if (p.sourceRepository) lines.push(`${indent}  source: ${p.sourceRepository}`);
    if (p.commit) lines.push(`${indent}  commit: ${p.commit}`);
    if (p.workflow) lines.push(`${indent}  workflow: ${p.workflow}`);
    if (p.builder) lines.push(`${indent}  builder: ${p.builder}`);
  } else if (sig) lines.push(`${indent}provenance: none (not published with a build attestation)`);
  return lines;
}
