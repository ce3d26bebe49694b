// Encryption at rest for the shared store: AES-256-GCM (node:crypto), a fresh 96-bit IV per
// value, the row's identity as additional data (a ciphertext moved to another row does not
// decrypt), and a key id stored beside each value so a key can be rotated without logging
// anyone out: hosts decrypt with the current key or any previous one, and
// `openclaw-skill auth rotate-key` re-encrypts every value under the current key.
//
// Keys come from the environment only, never from a file or the database:
//   OPENCLAW_SKILLS_ENCRYPTION_KEY            32 random bytes in base64 (`openssl rand -base64 32`)
//   OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS  earlier keys, comma separated, while rotating
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { SkillError } from '@openclaw/skill-sdk';

export const KEY_ENV = 'OPENCLAW_SKILLS_ENCRYPTION_KEY';
export const PREVIOUS_KEYS_ENV = 'OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS';

export interface Sealed {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

export interface Keyring {
  /** The id new values are sealed under. */
  readonly currentId: string;
  seal(plain: string, aad: string): Sealed;
  open(sealed: Sealed, aad: string): string;
  has(keyId: string): boolean;
}

/** A key's id: a hash of it, so rows say which key sealed them without revealing it. */
export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('openclaw-skills key id\0').update(key).digest('hex').slice(0, 16);

function parseKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
  if (!key || key.length !== 32) {
    throw new SkillError(
      'CONFIG_INVALID',
      `${name} must be 32 random bytes in base64 (as \`openssl rand -base64 32\` prints them).`,
      { hint: `Set ${name} to the same value on every host.` },
    );
  }
  return key;
}

/** The keyring from the environment; throws one line naming the variable when it is missing. */
export function keyringFromEnv(env: NodeJS.ProcessEnv): Keyring {
  const current = env[KEY_ENV];
  if (!current?.trim()) {
    throw new SkillError(
      'CONFIG_INVALID',
      `${KEY_ENV} is not set: a host with "store": { "type": "postgres" } keeps tokens encrypted under it; set it to 32 random bytes in base64 (openssl rand -base64 32), the same on every host.`,
    );
  }
  const previous = (env[PREVIOUS_KEYS_ENV] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => parseKey(s, PREVIOUS_KEYS_ENV));
  return createKeyring(parseKey(current, KEY_ENV), previous);
}

export function createKeyring(current: Buffer, previous: readonly Buffer[] = []): Keyring {
  const keys = new Map<string, Buffer>();
  for (const k of previous) keys.set(keyIdOf(k), k);
  const currentId = keyIdOf(current);
  keys.set(currentId, current);
  return {
    currentId,
    has: (id) => keys.has(id),
    seal(plain, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return { keyId: currentId, iv, tag: cipher.getAuthTag(), data };
    },
    open(sealed, aad) {
      const key = keys.get(sealed.keyId);
      if (!key) {
        throw new SkillError(
          'CONFIG_INVALID',
          `A stored secret is encrypted under key ${sealed.keyId}, which this host does not have; set ${PREVIOUS_KEYS_ENV} to the earlier key while rotating.`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
        decipher.setAAD(Buffer.from(aad, 'utf8'));
        decipher.setAuthTag(sealed.tag);
        return Buffer.concat([decipher.update(sealed.data), decipher.final()]).toString('utf8');
      } catch {
        throw new SkillError(
          'CONFIG_INVALID',
          `A stored secret did not decrypt under key ${sealed.keyId} (altered, or moved from another row).`,
        );
      }
    },
  };
}
