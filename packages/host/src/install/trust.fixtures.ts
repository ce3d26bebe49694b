// A verified provenance record as an install with a checked attestation writes it to the lockfile.
export const VERIFIED_PROVENANCE = {
  status: 'verified',
  predicateType: 'https://slsa.dev/provenance/v1',
  sourceRepository: 'https://github.com/acme/oc-skill-mail',
  commit: '0123456789abcdef0123456789abcdef01234567',
  workflow: '.github/workflows/publish.yml@refs/heads/main',
  builder: 'https://github.com/actions/runner/github-hosted',
} as const;
