import type { Executor } from '../../db/client';
import { conflict } from '../../lib/http-error';
import { uniqueViolationField, usersRepository, type UniqueField } from './users.repository';

const MESSAGES: Record<UniqueField, string> = {
  email: 'This email address is already registered',
  username: 'This username is already taken',
};

export function duplicateError(fields: UniqueField[]) {
  const details = fields.map((field) => ({ field, message: MESSAGES[field] }));
  return conflict(details.map((d) => d.message).join('; '), details);
}

/** 409 naming every field (email, username) that belongs to another account. */
export async function assertAvailable(db: Executor, values: { email?: string | null; username?: string | null }, exceptId?: string) {
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
