import { clientHashPassword } from '@/common/lib/password-hash';
import { getRuntimeConfig } from './runtime-config';

/**
 * Spec 5: with the runtime flag on, the password leaves the browser hashed. Used by login,
 * register, performer register, password update and both profile updates.
 */
export async function preparePassword(password: string): Promise<string> {
  return getRuntimeConfig().clientHashPassword ? clientHashPassword(password) : password;
}
