import { getRuntimeConfig } from './runtime-config';

/**
 * Spec 5: with the runtime flag on, the password leaves the browser hashed. Used by login,
 * register, performer register, password update and both profile updates.
 */
export async function preparePassword(password: string): Promise<string> {
  if (!getRuntimeConfig().clientHashPassword) return password;
  // The hash (SHA-256 from @noble/hashes) is fetched on the first use: most sites leave the flag
  // off, and every page's first load would carry it for the sign-in saga (issue 17).
  const { clientHashPassword } = await import('@/common/lib/password-hash');
  return clientHashPassword(password);
}

/** Hashes (with the flag on) the new and the current password of a credentials change, whichever are given. */
export async function preparePasswordFields<T extends { password?: string; currentPassword?: string }>(body: T): Promise<T> {
  const out = { ...body };
  if (body.password) out.password = await preparePassword(body.password);
  if (body.currentPassword) out.currentPassword = await preparePassword(body.currentPassword);
  return out;
}
