// What the registry signature and provenance checks found, as the lockfile, consent and `info`
// show it (plain data, shared by the checks and the install types).
/** What the signature check found for one fetched version. */
export interface SignatureStatus {
  /** `verified`: signed with a registry key and checked; `unsigned`: the registry has keys,
   * the version no signature; `unverifiable`: the registry publishes no keys. */
  status: 'verified' | 'unsigned' | 'unverifiable';
  registry: string;
  /** The keyids of the signatures checked. */
  keyids?: string[];
}

/** What a verified provenance attestation proves, as consent, `info` and `list` show it. */
export interface ProvenanceInfo {
  status: 'verified';
  /** `https://slsa.dev/provenance/v1` (or v0.2). */
  predicateType: string;
  /** The repository the package was built from (`https://github.com/o/r`). */
  sourceRepository?: string;
  /** The commit built. */
  commit?: string;
  /** The workflow that built it (`.github/workflows/publish.yml`) and its ref. */
  workflow?: string;
  /** The build platform (`https://github.com/actions/runner/github-hosted`). */
  builder?: string;
  /** What started the build (`push`, `release`, ...), when said. */
  trigger?: string;
}
