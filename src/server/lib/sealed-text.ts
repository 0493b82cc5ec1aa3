import crypto from 'node:crypto';

const VERSION = 'v1';

export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null when the value was not sealed with this key (or was tampered with). */
  open(sealed: string): string | null;
}

/**
 * AES-256-GCM with a random 12-byte IV: `v1.<iv>.<tag>.<ciphertext>` (base64url). Used for values
 * the server must read back but a database dump alone must not reveal (TOTP secrets).
 */
export function createSealer(key: Uint8Array): Sealer {
  if (key.length !== 32) throw new Error('The sealing key must be 32 bytes');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
