// What an install proved, in the words the CLI's consent and `info` use: the registry
// signature status and the provenance (the repository, commit, workflow and builder a verified
// build attestation names). Shown at the install consent and on each installed skill.
import { Fragment } from 'preact';
import type { ProvenanceInfo, SignatureStatus } from '@openclaw/skill-host/api-types';

export function signatureText(sig: SignatureStatus): string {
  if (sig.status === 'verified') return `verified (${sig.keyids?.join(', ') ?? 'registry key'})`;
  if (sig.status === 'unsigned') return 'MISSING (the registry signs, this version is not signed)';
  return 'cannot be checked (the registry publishes no signing keys)';
}

/** The facts as `<dt>`/`<dd>` pairs, for a `<dl class="facts">`. */
export function TrustFacts({
  signature,
  provenance,
}: {
  signature?: SignatureStatus | undefined;
  provenance?: ProvenanceInfo | undefined;
}) {
  const rows: [string, string][] = [];
  if (signature) rows.push(['Registry signature', signatureText(signature)]);
  if (provenance) {
    rows.push(['Provenance', `verified (${provenance.predicateType})`]);
    if (provenance.sourceRepository) rows.push(['Source repository', provenance.sourceRepository]);
    if (provenance.commit) rows.push(['Commit', provenance.commit]);
    if (provenance.workflow) rows.push(['Workflow', provenance.workflow]);
    if (provenance.builder) rows.push(['Builder', provenance.builder]);
  } else rows.push(['Provenance', 'no provenance (not published with a build attestation)']);
  return (
    <>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </>
  );
}
