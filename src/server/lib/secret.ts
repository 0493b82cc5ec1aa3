import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The token-signing secret: JWT_SECRET when set, otherwise one generated on first start and kept
 * in DATA_DIR so tokens survive restarts on a single machine without any configuration.
 */
export async function loadJwtSecret(configured: string | null, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  }
}

/**
 * A key for one purpose derived from the token-signing secret (HKDF-SHA256), so a value made for
 * one use (a 2FA sign-in challenge, a sealed TOTP secret) can never pass for another or for a
 * session token, and rotating JWT_SECRET rotates them all.
 */
export function deriveKey(secret: Uint8Array, purpose: string, bytes = 32): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', secret, new Uint8Array(0), `creator-platform:${purpose}`, bytes));
}

/**
 * An HS256 key for jose, imported once: given the raw bytes, jose imports a WebCrypto key on every
 * sign and verify, which was a twentieth of a signed-in request's CPU (README, API bench).
 */
export function hs256Key(secret: Uint8Array): Promise<CryptoKey> {
  return crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}
