import crypto from 'node:crypto';
import type { CurrentUser } from '../../../common/contract/users';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { encodeAvatar } from '../../media/images';
import { PUBLIC_PREFIX } from '../../storage/storage';
import { createAccountMail } from '../auth/account-mail';
import type { AuthDeps } from '../auth/auth.service';
import { createLinkToken, retireLinkTokens } from '../auth/link-tokens';
import { acceptPassword, hashPassword } from '../auth/password';
import { sessionRepository } from '../auth/session.repository';
import { toCurrentUser } from './user.dto';
import { payableVerdict, readPayableRule } from '../performers/payable-creator';
import { usersRepository, type UserRow } from './users.repository';
import { assertAvailable, withUniqueFields } from './unique-fields';

export interface ProfileUpdate {
  name?: string;
  username?: string;
  email?: string;
  password?: string;
}

/**
 * Name, username, email and password of the caller's account, shared by `PUT /users` and
 * `PUT /performers/me`. `alsoInTx` writes the caller's other changes (a performer's profile) in the
 * same transaction, so a 409 on the username also leaves the profile as it was.
 */
export function createAccountUpdater(deps: AuthDeps) {
  const { db, config } = deps;
  const mail = createAccountMail(deps);

  /**
   * Changing the email un-verifies the account and mails a link to the new address (older links
   * stop working, so they cannot verify the new address). A new password signs out other
   * devices, as PUT /auth/users/me/password does.
   */
  return async function updateAccount(
    userId: string,
    sessionId: string,
    body: ProfileUpdate,
    alsoInTx?: (tx: Executor) => Promise<void>,
  ): Promise<void> {
    const passwordHash =
      body.password === undefined ? undefined : await hashPassword(acceptPassword(config.clientHashPassword, body.password));
    const email = body.email?.toLowerCase();
    const username = body.username?.toLowerCase();
    const result = await withUniqueFields(() =>
      db.transaction(async (tx) => {
        const before = await usersRepository.findById(tx, userId);
        if (!before) throw notFound('Account not found');
        const usernameChanged = username !== undefined && username !== before.username;
        await assertAvailable(tx, { email, username: usernameChanged ? username : undefined }, userId);
        const emailChanged = email !== undefined && email !== before.email;
        const patch: Partial<UserRow> = {};
        if (body.name !== undefined) patch.name = body.name.trim();
        if (usernameChanged) patch.username = username;
        if (emailChanged) Object.assign(patch, { email, emailVerified: false });
        if (passwordHash) patch.passwordHash = passwordHash;
        const user = Object.keys(patch).length ? await usersRepository.update(tx, userId, patch) : before;
        if (passwordHash) await sessionRepository.revokeAllForUser(tx, userId, sessionId);
        if (alsoInTx) await alsoInTx(tx);
        let linkToken: string | null = null;
        if (emailChanged) {
          await retireLinkTokens(tx, userId, 'verify-email');
          linkToken = await createLinkToken(tx, userId, 'verify-email');
        }
        return { user, linkToken };
      }),
    );
    if (result.linkToken) await mail.verification(result.user, result.linkToken);
  };
}

/** The signed-in user's own account. Every method acts on the caller's id only. */
export function createUsersService(deps: AuthDeps) {
  const { db, config, storage } = deps;
  const updateAccount = createAccountUpdater(deps);
  const dtoContext = { storage, webOrigin: config.webOrigin };

  async function current(userId: string): Promise<CurrentUser> {
    const rule = await readPayableRule(deps.settings);
    const row = await usersRepository.findWithPerformer(db, userId);
    if (!row) throw notFound('Account not found');
    const { user, verificationStatus } = row;
    const payable = payableVerdict(verificationStatus ? { role: user.role, status: user.status, verificationStatus } : null, rule) === 'payable';
    return toCurrentUser(dtoContext, user, row.balanceCents ?? 0, verificationStatus, { note: row.verificationNote, payable });
  }

  return {
    me: current,

    async update(userId: string, sessionId: string, body: ProfileUpdate): Promise<CurrentUser> {
      await updateAccount(userId, sessionId, body);
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
          const before = await usersRepository.lockById(tx, userId);
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
