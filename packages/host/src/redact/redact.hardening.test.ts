// Redaction on hostile text, and the secret shapes added after probing: each case is the
// minimal input that leaked or hung before. Time bounds live in `pnpm bench` (redact.*).
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './index.js';
import { encodedForms } from './redact.js';

// Fake credentials built at run time so no scanner mistakes this file for a leak.
const fake = {
  npm: `npm_${'a1B2c3D4e5F6'.repeat(3)}`,
  huggingface: `hf_${'AbCdEfGhIj'.repeat(4)}`,
  gitlab: `glpat-${'xY9_zW8-vU7t'.repeat(2)}`,
};

describe('redaction of the shapes found leaking', () => {
  it.each(Object.entries(fake))('redacts a %s token in free text', (_kind, secret) => {
    expect(createRedactor().text(`token ${secret} here`)).toBe(`token ${REDACTED} here`);
  });

  it.each([
    [
      'AWS secret access key in an env line',
      `AWS_SECRET_ACCESS_KEY=${'wJalrXUtnFEMI/K7MDENG/bPxRfiCY'}EXAMPLEKEY`,
      `AWS_SECRET_ACCESS_KEY=${REDACTED}`,
    ],
    [
      'AWS secret access key in JSON',
      `{"SecretAccessKey": "${'wJalrXUtnFEMI/K7MDENG/bPxRfiCY'}EXAMPLEKEY"}`,
      `{"SecretAccessKey": "${REDACTED}"}`,
    ],
    [
      'aws_secret_access_key in a credentials file',
      `aws_secret_access_key=${'wJalrXUtnFEMI/K7MDENG/bPxRfiCY'}EXAMPLEKEY`,
      `aws_secret_access_key=${REDACTED}`,
    ],
    [
      'a postgres URL with a password',
      'postgres://app:s3cr3t-pw@db.internal:5432/main',
      `postgres://app:${REDACTED}@db.internal:5432/main`,
    ],
    [
      'a redis URL with only a password',
      'redis://:hunter22@cache:6379',
      `redis://:${REDACTED}@cache:6379`,
    ],
    [
      'a *_PASSWORD= assignment',
      'MYSQL_ROOT_PASSWORD=correct-horse',
      `MYSQL_ROOT_PASSWORD=${REDACTED}`,
    ],
    [
      'an exported quoted token',
      'export GITHUB_TOKEN="abc123def456"',
      `export GITHUB_TOKEN="${REDACTED}"`,
    ],
    ['an api-key JSON field', '{"api-key": "k-123456"}', `{"api-key": "${REDACTED}"}`],
    ['an api-key header', 'api-key: 0123456789abcdef', `api-key: ${REDACTED}`],
  ])('redacts %s and keeps what says what it was', (_what, input, expected) => {
    expect(createRedactor().text(input)).toBe(expected);
  });

  it.each([
    'http://example.com:8080/path?q=1',
    'Set DB_PASSWORD in your environment.',
    'mailto:someone@example.com',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(createRedactor().text(text)).toBe(text);
  });

  it('redacts env-style secret keys in values', () => {
    expect(createRedactor().value({ DB_PASSWORD: 'pw-value', PORT: '5432' })).toEqual({
      DB_PASSWORD: REDACTED,
      PORT: '5432',
    });
  });
});

describe('known values in their encodings', () => {
  const secret = 'weather-key-5f3a9c';
  const r = createRedactor([secret]);

  it.each([
    ['base64', Buffer.from(secret).toString('base64')],
    ['base64url', Buffer.from(secret).toString('base64url')],
    ['hex', Buffer.from(secret).toString('hex')],
    ['HEX', Buffer.from(secret).toString('hex').toUpperCase()],
  ])('redacts the %s form of a known value', (_form, encoded) => {
    const out = r.text(`x=${encoded};`);
    expect(out).not.toContain(encoded.slice(2, -2));
    expect(out).toContain(REDACTED);
  });

  it.each([1, 2, 3, 4])(
    'redacts the value base64-encoded after %i other bytes (any alignment)',
    (offset) => {
      const encoded = Buffer.from(`${'u'.repeat(offset)}:${secret}`).toString('base64');
      const out = r.text(encoded);
      expect(out).toContain(REDACTED);
      // What is left is at most the characters shared with the neighbouring bytes.
      expect(out.replace(REDACTED, '').length).toBeLessThan(encoded.length - 16);
    },
  );

  it('encodedForms keeps only the characters that depend on the value alone', () => {
    const forms = encodedForms(secret);
    expect(forms).toContain(Buffer.from(secret).toString('hex'));
    for (const f of forms) expect(f.length).toBeGreaterThanOrEqual(6);
  });
});

describe('redaction in linear time', () => {
  it('1 MB of PEM BEGIN lines without an END is redacted line by line', () => {
    const line = '-----BEGIN PRIVATE KEY-----\n';
    const text = line.repeat(Math.ceil((1024 * 1024) / line.length));
    const out = createRedactor().text(text);
    expect(out).not.toContain('BEGIN PRIVATE KEY');
  });

  it('a PEM key whose headers hold dashes is redacted whole', () => {
    const pem =
      '-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,AB12\n\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';
    expect(createRedactor().text(`a\n${pem}\nb`)).toBe(`a\n${REDACTED}\nb`);
  });

  it.each([
    ['"-sk-" repeated', '-sk-'.repeat(100_000)],
    ['"-eyJ" repeated', '-eyJa'.repeat(100_000)],
    ['"a-ghp_" repeated', '.ghp_'.repeat(100_000)],
    ['URL scheme runs', 'a://b:'.repeat(100_000)],
    ['env names without a value', 'X_TOKEN'.repeat(100_000)],
  ])('hostile text (%s) comes back without hanging', (_what, text) => {
    expect(typeof createRedactor(['known-secret-1']).text(text)).toBe('string');
  });
});
