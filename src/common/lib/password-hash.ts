import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Client-side password hashing (spec 5): when the runtime flag CLIENT_HASH_PASSWORD is 'true', the
 * web client sends SHA-256(password) as 64 lower-case hex characters instead of the password, in
 * login, register, performer register, password update, password reset and both profile updates.
 * The server then accepts exactly that form and stores argon2id of it. A pure-JS digest, because
 * browsers only offer crypto.subtle on HTTPS and localhost.
 */
export const CLIENT_HASH_PATTERN = /^[0-9a-f]{64}$/;

export async function clientHashPassword(password: string): Promise<string> {
  return bytesToHex(sha256(utf8ToBytes(password)));
}
