/**
 * Client-side password hashing (spec 5): when the runtime flag CLIENT_HASH_PASSWORD is 'true', the
 * web client sends SHA-256(password) as 64 lower-case hex characters instead of the password, in
 * login, register, performer register, password update and both profile updates. The server then
 * accepts exactly that form and stores argon2id of it. Web Crypto exists in browsers and Node 20.
 */
export const CLIENT_HASH_PATTERN = /^[0-9a-f]{64}$/;

export async function clientHashPassword(password: string): Promise<string> {
  const bytes = new TextEncoder().encode(password);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
