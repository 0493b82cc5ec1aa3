import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { isUuid } from '../../shared/ids';
import { adminMoneyRepository, type UserRow } from './admin-money.repository';

/**
 * An account named the way operators type it: its id or its username (case-insensitive, a leading
 * "@" allowed). As a list filter an unknown one is a 400 naming the field, so a typo does not look
 * like "no transactions"; as the subject of a statement it is a 404.
 */
export async function findUserRef(db: Executor, ref: string): Promise<UserRow | null> {
  const text = ref.trim().replace(/^@/, '');
  if (!text) return null;
  return adminMoneyRepository.findUser(db, isUuid(text) ? { id: text.toLowerCase() } : { username: text });
}

export async function filterUserId(db: Executor, ref: string | undefined, field: string): Promise<string | undefined> {
  if (ref === undefined || !ref.trim()) return undefined;
  const user = await findUserRef(db, ref);
  if (!user) {
    const message = `No account has the id or username “${ref.trim()}”`;
    throw badRequest(message, [{ field, message }]);
  }
  return user.id;
}

export async function requireUserRef(db: Executor, ref: string): Promise<UserRow> {
  const user = await findUserRef(db, ref);
  if (!user) throw notFound('User not found');
  return user;
}
