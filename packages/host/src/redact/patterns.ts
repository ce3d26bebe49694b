// Shapes of secrets that are recognisable without knowing their values. Each entry is a
// regex source; `keep` sources capture a prefix (and suffix) that stays readable so the
// redacted text still says what was there ("Bearer [REDACTED]").

/** Secrets matched whole. */
export const SECRET_PATTERNS: readonly string[] = [
  // PEM private keys, whole block.
  String.raw`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----`,
  // JWTs (also OAuth id tokens and many access tokens); the signature may be empty (alg none).
  String.raw`\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`,
  // OpenAI / Anthropic style keys: sk-..., sk-proj-..., sk-ant-...
  String.raw`\bsk-[A-Za-z0-9_-]{16,}`,
  // GitHub tokens: ghp_, gho_, ghu_, ghs_, ghr_, fine-grained github_pat_.
  String.raw`\bgh[pousr]_[A-Za-z0-9]{20,}`,
  String.raw`\bgithub_pat_[A-Za-z0-9_]{20,}`,
  // Slack tokens: xoxb-, xoxp-, xoxa-, xoxr-, xoxs-.
  String.raw`\bxox[abprs]-[A-Za-z0-9-]{10,}`,
  // AWS access key ids.
  String.raw`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`,
  // Google API keys and OAuth access tokens.
  String.raw`\bAIza[0-9A-Za-z_-]{35}`,
  String.raw`\bya29\.[0-9A-Za-z_-]{10,}`,
  // Stripe secret and restricted keys.
  String.raw`\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}`,
];

/** Names of fields whose values are secrets, in JSON text, query strings and objects. */
export const SECRET_FIELD_NAMES = [
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'idToken',
  'client_secret',
  'clientSecret',
  'api_key',
  'apiKey',
  'apikey',
  'x-api-key',
  'password',
  'passwd',
  'secret',
  'token',
  'authorization',
  'private_key',
  'privateKey',
] as const;

// Text patterns cannot be case-insensitive in part, so list the capitalised forms too
// (`Authorization`, `Password`).
const fieldAlternation = [
  ...new Set(
    SECRET_FIELD_NAMES.flatMap((n) => [n, n[0]!.toUpperCase() + n.slice(1), n.toUpperCase()]),
  ),
]
  .map((n) => n.replace(/-/g, '\\-'))
  .join('|');

/**
 * Patterns with a readable prefix (group 1), the secret (group 2) and, for JSON strings,
 * a suffix (group 3).
 */
export const KEEP_PREFIX_PATTERNS: readonly string[] = [
  // "access_token": "..." in JSON text (escaped quotes inside the value are skipped).
  String.raw`("(?:${fieldAlternation})"\s*:\s*")((?:[^"\\]|\\.)+)(")`,
  // Bearer tokens anywhere; Basic credentials in an Authorization header. The length floor
  // keeps prose ("Bearer authentication") readable.
  String.raw`(\b[Bb]earer\s+)([A-Za-z0-9\-._~+/]{16,}=*)()`,
  String.raw`(\b[Aa]uthorization:\s*[Bb]asic\s+)([A-Za-z0-9+/]{8,}=*)()`,
  // access_token=... in URLs, form bodies and env-style lines.
  String.raw`((?:^|[?&\s;,])(?:${fieldAlternation})=)([^&\s#"';,]{4,})()`,
];

/** Lowercased field names for object-key redaction. */
export const SECRET_FIELD_SET: ReadonlySet<string> = new Set(
  SECRET_FIELD_NAMES.map((n) => n.toLowerCase()),
);
