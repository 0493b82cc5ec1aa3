import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../../lib/http-error';
import { CLIENT_HASH_PATTERN } from '../../../common/lib/password-hash';

/**
 * The password string the server stores and compares. With CLIENT_HASH_PASSWORD the web sends
 * SHA-256 hex instead of the password (spec 5); anything else means an outdated or foreign client,
 * and accepting it would store a hash nobody can log in with.
 */
export function acceptPassword(clientHash: boolean, password: string, field = 'password'): string {
  if (clientHash && !CLIENT_HASH_PATTERN.test(password)) {
    const message = `${field} must be hashed by the client`;
    throw badRequest(message, [{ field, message }]);
  }
  return password;
}

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Compares against a stored hash. Without one (unknown user, social-only account) it still spends
 * the time of a real check, so response times do not reveal which accounts exist.
 */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
