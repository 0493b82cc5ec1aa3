import { isReservedUsername } from '../../../common/constants/usernames';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../lib/http-error';
import { uniqueViolationField, usersRepository, type UniqueField } from './users.repository';

const MESSAGES: Record<UniqueField, string> = {
  email: 'This email address is already registered',
  username: 'This username is already taken',
};

export function duplicateError(fields: UniqueField[]) {
  const details = fields.map((field) => ({ field, message: MESSAGES[field] }));
  return conflict(details.map((d) => d.message).join('; '), details);
}

export const RESERVED_USERNAME_MESSAGE = 'This username is reserved';

/** 400 for a username that would shadow a page route (`/{profileId}` sits at the root) or pose as the site. */
export function assertUsernameAllowed(username: string | null | undefined) {
  if (username && isReservedUsername(username)) {
    throw badRequest(RESERVED_USERNAME_MESSAGE, [{ field: 'username', message: RESERVED_USERNAME_MESSAGE }]);
  }
}

/**
 * 400 for a reserved username, else 409 naming every field (email, username) that belongs to
 * another account. Every path that sets a username comes through here, so none can skip the
 * reserved list; pass the username only when it is being set or changed (an account created
 * before a name was reserved may keep it).
 */
export async function assertAvailable(db: Executor, values: { email?: string | null; username?: string | null }, exceptId?: string) {
  assertUsernameAllowed(values.username);
  const taken = await usersRepository.takenFields(db, values, exceptId);
  if (taken.length) throw duplicateError(taken);
}

/** Runs `fn`, turning a unique-index race lost to a concurrent request into the same 409. */
export async function withUniqueFields<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const field = uniqueViolationField(err);
    if (field) throw duplicateError([field]);
    throw err;
  }
}
