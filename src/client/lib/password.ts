import { clientHashPassword } from '@/common/lib/password-hash';
import { getRuntimeConfig } from './runtime-config';

/**
 * Spec 5: with the runtime flag on, the password leaves the browser hashed. Used by login,
 * register, performer register, password update and both profile updates.
 */
export async function preparePassword(password: string): Promise<string> {
  return getRuntimeConfig().clientHashPassword ? clientHashPassword(password) : password;
}

/** Hashes (with the flag on) the new and the current password of a credentials change, whichever are given. */
export async function preparePasswordFields<T extends { password?: string; currentPassword?: string }>(body: T): Promise<T> {
  const out = { ...body };
  if (body.password) out.password = await preparePassword(body.password);
  if (body.currentPassword) out.currentPassword = await preparePassword(body.currentPassword);
  return out;
}
