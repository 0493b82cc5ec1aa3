import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { usersRepository } from '../users/users.repository';
import { assertAvailable, withUniqueFields } from '../users/unique-fields';
import { createAccountMail } from './account-mail';
import type { AuthDeps } from './auth.service';
import { consumeLink, createLinkToken, LINK_USED_MESSAGE, retireLinkTokens } from './link-tokens';
import { sessionRepository } from './session.repository';
import { closeSessionSockets } from './sessions.service';

export const EMAIL_CHANGE_MESSAGES = {
  sent: (email: string) => `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
  confirmed: (email: string) => `Your email address is now ${email}`,
  undone: (email: string) =>
    `Your email address is back to ${email} and every device has been signed out. Choose a new password with "Forgot password" to sign in again.`,
} as const;

/**
 * Starts an email change inside the caller's transaction (PUT /users, PUT /performers/me): the
 * address stays as it is; a 'change-email' link whose payload is the new address is created
 * (older pending ones retired) and must be mailed to the NEW address after the commit
 * (`mailEmailChange`). A taken address is refused now (409) and again at confirmation.
 */
export async function requestEmailChange(tx: Executor, userId: string, newEmail: string): Promise<string> {
  await assertAvailable(tx, { email: newEmail }, userId);
  await retireLinkTokens(tx, userId, 'change-email');
  return createLinkToken(tx, userId, 'change-email', newEmail);
}

/** Confirming and undoing an email change. The link token is the proof: no session is needed or used. */
export function createEmailChangeService(deps: AuthDeps) {
  const { db } = deps;
  const mail = createAccountMail(deps);

  return {
    mailConfirmation: (newEmail: string, name: string, token: string) => mail.confirmEmailChange(newEmail, name, token),

    /**
     * Sets the new address (verified: the link reached it), re-checking that it is still free
     * (409), and mails the previous address an announcement with an undo link (7 days).
     */
    async confirm(token: string) {
      const done = await withUniqueFields(() =>
        db.transaction(async (tx) => {
          const { userId, payload: newEmail } = await consumeLink(tx, token, 'change-email');
          const user = await usersRepository.findById(tx, userId);
          if (!user || !newEmail || user.status !== 'active') throw badRequest(LINK_USED_MESSAGE);
          await assertAvailable(tx, { email: newEmail }, userId);
          const previous = user.email;
          await usersRepository.update(tx, userId, { email: newEmail, emailVerified: true });
          // Verification links of the previous address must not vouch for anything any more.
          await retireLinkTokens(tx, userId, 'verify-email');
          const undoToken = previous && previous !== newEmail ? await createLinkToken(tx, userId, 'undo-email-change', previous) : null;
          return { name: user.name, previous, newEmail, undoToken };
        }),
      );
      if (done.previous && done.undoToken) await mail.emailChanged(done.previous, done.name, done.newEmail, done.undoToken);
      return { message: EMAIL_CHANGE_MESSAGES.confirmed(done.newEmail) };
    },

    /**
     * The previous owner of the address takes the account back: the address returns (verified),
     * every session ends, pending changes are retired and the password is cleared, since whoever
     * changed the address knew it; the owner sets a new one through "Forgot password", whose link
     * now reaches them again.
     */
    async undo(token: string) {
      const undone = await withUniqueFields(() =>
        db.transaction(async (tx) => {
          const { userId, payload: previous } = await consumeLink(tx, token, 'undo-email-change');
          if (!previous) throw badRequest(LINK_USED_MESSAGE);
          await assertAvailable(tx, { email: previous }, userId);
          await usersRepository.update(tx, userId, { email: previous, emailVerified: true, passwordHash: null });
          await retireLinkTokens(tx, userId, 'change-email');
          await retireLinkTokens(tx, userId, 'verify-email');
          // A reset link mailed to the other address while it was the account's must not work either.
          await retireLinkTokens(tx, userId, 'reset-password');
          const revoked = await sessionRepository.revokeAllForUser(tx, userId);
          return { previous, revoked };
        }),
      );
      closeSessionSockets(deps.io, undone.revoked);
      return { message: EMAIL_CHANGE_MESSAGES.undone(undone.previous) };
    },
  };
}
