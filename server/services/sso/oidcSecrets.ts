import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The organisations' OpenID Connect client secrets, encrypted at rest with AES-256-GCM.
 * The 256-bit key is derived (HKDF-SHA-256) from SSO_SECRET_KEY; the organisation's id is the
 * additional authenticated data, so a ciphertext copied onto another organisation does not open.
 * Stored form: "v1." + base64url(12-byte IV | 16-byte tag | ciphertext).
 */

/**
 * Outside production without SSO_SECRET_KEY, secrets are still encrypted with this fixed,
 * public key, so that development and tests work; production refuses to store any secret
 * without SSO_SECRET_KEY (see secretKeyFor).
 */
const DEVELOPMENT_KEY = 'commonweave-development-only-sso-key';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SsoSecretKeyMissing extends Error {
  override name = 'SsoSecretKeyMissing';
}

/** The key material to use, or SsoSecretKeyMissing in production without SSO_SECRET_KEY. */
export const secretKeyFor = (config: { readonly production: boolean; readonly ssoSecretKey?: string }): string => {
  if (config.ssoSecretKey !== undefined) return config.ssoSecretKey;
  if (config.production) throw new SsoSecretKeyMissing('SSO_SECRET_KEY is not set');
  return DEVELOPMENT_KEY;
};

const derivedKey = (material: string): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'commonweave sso client secret', 32));

export const encryptSecret = (material: string, organizationId: string, plaintext: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(material), iv);
  cipher.setAAD(Buffer.from(organizationId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
};

/** The plaintext, or undefined when the value was not made with this key for this organisation. */
export const decryptSecret = (material: string, organizationId: string, stored: string): string | undefined => {
  if (!stored.startsWith(VERSION)) return undefined;
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(material), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(organizationId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
};
