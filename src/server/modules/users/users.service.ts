import crypto from 'node:crypto';
import type { CurrentUser } from '../../../common/contract/users';
import { notFound } from '../../lib/http-error';
import { encodeAvatar } from '../../media/images';
import { PUBLIC_PREFIX } from '../../storage/storage';
import { createAccountMail } from '../auth/account-mail';
import type { AuthDeps } from '../auth/auth.service';
import { createLinkToken, retireLinkTokens } from '../auth/link-tokens';
import { acceptPassword, hashPassword } from '../auth/password';
import { sessionRepository } from '../auth/session.repository';
import { toCurrentUser } from './user.dto';
import { usersRepository, type UserRow } from './users.repository';
import { assertAvailable, withUniqueFields } from './unique-fields';

export interface ProfileUpdate {
  name?: string;
  username?: string;
  email?: string;
  password?: string;
}

/** The signed-in user's own account. Every method acts on the caller's id only. */
export function createUsersService(deps: AuthDeps) {
  const { db, config, storage } = deps;
  const mail = createAccountMail(deps);
  const dtoContext = { storage, webOrigin: config.webOrigin };

  async function current(userId: string): Promise<CurrentUser> {
    const row = await usersRepository.findWithPerformer(db, userId);
    if (!row) throw notFound('Account not found');
    return toCurrentUser(dtoContext, row.user, row.verifiedDocument);
  }

  return {
    me: current,

    /**
     * Changing the email un-verifies the account and mails a link to the new address (older links
     * stop working, so they cannot verify the new address). A new password signs out other
     * devices, as PUT /auth/users/me/password does.
     */
    async update(userId: string, sessionId: string, body: ProfileUpdate): Promise<CurrentUser> {
      const passwordHash =
        body.password === undefined ? undefined : await hashPassword(acceptPassword(config.clientHashPassword, body.password));
      const email = body.email?.toLowerCase();
      const username = body.username?.toLowerCase();
      const result = await withUniqueFields(() =>
        db.transaction(async (tx) => {
          const before = await usersRepository.findById(tx, userId);
          if (!before) throw notFound('Account not found');
          await assertAvailable(tx, { email, username }, userId);
          const emailChanged = email !== undefined && email !== before.email;
          const patch: Partial<UserRow> = {};
          if (body.name !== undefined) patch.name = body.name.trim();
          if (username !== undefined) patch.username = username;
          if (emailChanged) Object.assign(patch, { email, emailVerified: false });
          if (passwordHash) patch.passwordHash = passwordHash;
          const user = Object.keys(patch).length ? await usersRepository.update(tx, userId, patch) : before;
          if (passwordHash) await sessionRepository.revokeAllForUser(tx, userId, sessionId);
          let linkToken: string | null = null;
          if (emailChanged) {
            await retireLinkTokens(tx, userId, 'verify-email');
            linkToken = await createLinkToken(tx, userId, 'verify-email');
          }
          return { user, linkToken };
        }),
      );
      if (result.linkToken) await mail.verification(result.user, result.linkToken);
      return current(userId);
    },

    /** Stores a new 256px WebP avatar and removes the previous file once the row points at the new one. */
    async uploadAvatar(userId: string, file: Buffer): Promise<CurrentUser> {
      const image = await encodeAvatar(file, 'avatar');
      const key = `${PUBLIC_PREFIX}avatars/${crypto.randomUUID()}.${image.ext}`;
      await storage.put(key, image.buffer, image.contentType);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const before = await usersRepository.findById(tx, userId);
          if (!before) throw notFound('Account not found');
          await usersRepository.update(tx, userId, { avatarPath: key });
          return before.avatarPath;
        });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      if (previous) {
        await storage.delete(previous).catch((err) => deps.log.warn({ err, key: previous }, 'could not delete old avatar'));
      }
      return current(userId);
    },
  };
}
