import type { Executor } from '../../db/client';
import { eraseSignInRows } from './sign-in-erasure.repository';

/** What account deletion asks of the auth module: every way into the account that is not a session. */
export const signInAccount = {
  erase: (tx: Executor, userId: string) => eraseSignInRows(tx, userId),
};
