// Shapes of secrets that are recognisable without knowing their values. Each entry is a
// regex source; `keep` sources capture a prefix (and suffix) that stays readable so the
// redacted text still says what was there ("Bearer [REDACTED]").
//
// Why a list of our own: the maintained sets on npm are secretlint's rule packages, which
// are rules for its linter (an async engine that reports ranges per source file, with the
// regexes inside each rule, not exported as data), and wrappers around the gitleaks binary.
// Neither can run on every tool result in microseconds, synchronously, with bounded time.
// The token shapes below follow the vendors' documented formats (the same ones gitleaks and
// secretlint encode); add a vendor here with a test in redact.patterns.test.ts.
//
// Linear time on any input (a tool result is attacker-controlled): every token pattern
// starts only where a run of its characters starts (a lookbehind instead of \b, which holds
// inside runs like "-sk-sk-sk-..."), so each character is scanned a bounded number of
// times; quantifiers that can meet their own delimiter are bounded; a PEM block without its
// END line ends at the next "-----" instead of searching the rest of the text.

/** Not preceded by a token character: a match can only start where a token starts. */
const START = String.raw`(?<![A-Za-z0-9_\-])`;

/** Secrets matched whole. */
export const SECRET_PATTERNS: readonly string[] = [
  // PEM private keys: the BEGIN line, the body (which may hold single dashes in headers
  // such as Proc-Type) and the END line when there is one.
  String.raw`-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----(?:[^-]|-(?!----))*(?:-----END [A-Z ]{0,40}PRIVATE KEY-----)?`,
  // JWTs (also OAuth id tokens and many access tokens); the signature may be empty (alg none).
  String.raw`${START}eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`,
  // OpenAI / Anthropic style keys: sk-..., sk-proj-..., sk-ant-...
  String.raw`${START}sk-[A-Za-z0-9_-]{16,}`,
  // GitHub tokens: ghp_, gho_, ghu_, ghs_, ghr_, fine-grained github_pat_.
  String.raw`${START}gh[pousr]_[A-Za-z0-9]{20,}`,
  String.raw`${START}github_pat_[A-Za-z0-9_]{20,}`,
  // GitLab personal, project and group access tokens.
  String.raw`${START}glpat-[A-Za-z0-9_-]{20,}`,
  // npm access tokens (npm_ and 36 characters).
  String.raw`${START}npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`,
  // Hugging Face user access tokens.
  String.raw`${START}hf_[A-Za-z0-9]{30,}`,
  // Slack tokens: xoxb-, xoxp-, xoxa-, xoxr-, xoxs-.
  String.raw`${START}xox[abprs]-[A-Za-z0-9-]{10,}`,
  // AWS access key ids.
  String.raw`${START}(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])`,
  // Google API keys and OAuth access tokens.
  String.raw`${START}AIza[0-9A-Za-z_-]{35}`,
  String.raw`${START}ya29\.[0-9A-Za-z_-]{10,}`,
  // Stripe secret and restricted keys.
  String.raw`${START}[rs]k_(?:live|test)_[0-9A-Za-z]{16,}`,
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
  'api-key',
  'x-api-key',
  'password',
  'passwd',
  'secret',
  'token',
  'authorization',
  'private_key',
  'privateKey',
  // AWS: the secret access key has no shape of its own (40 base64 characters), only names.
  'aws_secret_access_key',
  'secretAccessKey',
  'secret_key',
  'secretKey',
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

// Environment-style names that hold secrets: DB_PASSWORD, MYSQL_ROOT_PASSWORD, GITHUB_TOKEN,
// AWS_SECRET_ACCESS_KEY, STRIPE_API_KEY...
export const ENV_SECRET_NAME = String.raw`[A-Z][A-Z0-9_]{0,80}_(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|API_KEY|APIKEY|SECRET_KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)`;

/**
 * Patterns with a readable prefix (group 1), the secret (group 2) and a suffix (group 3,
 * often empty).
 */
export const KEEP_PREFIX_PATTERNS: readonly string[] = [
  // "access_token": "..." in JSON text (escaped quotes inside the value are skipped).
  String.raw`("(?:${fieldAlternation})"\s*:\s*")((?:[^"\\]|\\.)+)(")`,
  // "DB_PASSWORD": "..." in JSON text.
  String.raw`("${ENV_SECRET_NAME}"\s*:\s*")((?:[^"\\]|\\.)+)(")`,
  // Bearer tokens anywhere; Basic credentials in an Authorization header. The length floor
  // keeps prose ("Bearer authentication") readable.
  String.raw`(\b[Bb]earer\s+)([A-Za-z0-9\-._~+/]{16,}=*)()`,
  String.raw`(\b[Aa]uthorization:\s*[Bb]asic\s+)([A-Za-z0-9+/]{8,}=*)()`,
  // access_token=... in URLs, form bodies and env-style lines.
  String.raw`((?:^|[?&\s;,])(?:${fieldAlternation})=)([^&\s#"';,]{4,})()`,
  // DB_PASSWORD=..., export GITHUB_TOKEN="..." (env files, shell, compose files).
  String.raw`((?<![A-Za-z0-9_])${ENV_SECRET_NAME}=["']?)([^\s"'&;,]{1,})()`,
  // api-key: ... as an HTTP header.
  String.raw`((?:^|[\s,;{])(?:api-key|Api-Key|API-KEY|x-api-key|X-Api-Key|X-API-Key|X-API-KEY):[ \t]*)([^\s,;"']{4,})()`,
  // Credentials in URLs: postgres://user:pass@host, redis://:pass@host, https://u:p@h.
  String.raw`((?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]{0,30}://[^\s:/?#@"'<>]{0,256}:)([^\s/?#@"'<>]{1,512})(@)`,
];

/** Lowercased field names for object-key redaction. */
export const SECRET_FIELD_SET: ReadonlySet<string> = new Set(
  SECRET_FIELD_NAMES.map((n) => n.toLowerCase()),
);
