import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../common/contract/users';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { encodeAvatar } from '../../media/images';
import { PUBLIC_PREFIX } from '../../storage/storage';
import type { AuthDeps } from '../auth/auth.service';
import { createEmailChangeService, EMAIL_CHANGE_MESSAGES, requestEmailChange } from '../auth/email-change';
import { acceptPassword, hashPassword } from '../auth/password';
import { assertReauthenticated } from '../auth/reauth';
import { closeSessionSockets } from '../auth/sessions.service';
import { needsConsent, signUpConsent } from './consent';
import { toCurrentUser } from './user.dto';
import { payableVerdict, readPayableRule, type PayableRule } from '../performers/payable-creator';
import { usersRepository, type AccountRow, type UserRow } from './users.repository';
import { assertAvailable, withUniqueFields } from './unique-fields';

export interface ProfileUpdate {
  name?: string;
  username?: string;
  email?: string;
  password?: string;
  /** One of them is required (see auth/reauth.ts) when `password` is given or `email` differs from the current one. */
  currentPassword?: string;
  twoFactorCode?: string;
}

/** What an account update started but did not finish: an email change waits for its link. */
export interface AccountUpdateOutcome {
  pendingEmail: string | null;
}

/**
 * Name, username, email and password of the caller's account, shared by `PUT /users` and
 * `PUT /performers/me`. `alsoInTx` writes the caller's other changes (a performer's profile) in the
 * same transaction, so a 409 on the username also leaves the profile as it was.
 */
export function createAccountUpdater(deps: AuthDeps) {
  const { db, config } = deps;
  const emailChange = createEmailChangeService(deps);

  /**
   * A new password or a new email needs the current password first (assertReauthenticated), so
   * a stolen token alone cannot take the account over. A new password signs out other devices,
   * as PUT /auth/users/me/password does. A new email is not set here: a link is mailed to the new
   * address and the change happens when it is opened (auth/email-change.ts).
   */
  return async function updateAccount(
    userId: string,
    sessionId: string,
    body: ProfileUpdate,
    alsoInTx?: (tx: Executor) => Promise<void>,
  ): Promise<AccountUpdateOutcome> {
    const email = body.email?.toLowerCase();
    const username = body.username?.toLowerCase();
    // Read before the transaction: the password check is slow and must not hold it open.
    const current = await usersRepository.findById(db, userId);
    if (!current) throw notFound('Account not found');
    const emailChanged = email !== undefined && email !== current.email;
    if (body.password !== undefined || emailChanged) {
      await assertReauthenticated(deps, { id: userId, passwordHash: current.passwordHash, sessionId }, {
        currentPassword: body.currentPassword,
        twoFactorCode: body.twoFactorCode,
      });
    }
    const passwordHash =
      body.password === undefined ? undefined : await hashPassword(acceptPassword(config.clientHashPassword, body.password));
    const result = await withUniqueFields(() =>
      db.transaction(async (tx) => {
        const before = await usersRepository.findById(tx, userId);
        if (!before) throw notFound('Account not found');
        const usernameChanged = username !== undefined && username !== before.username;
        // One 409 naming every taken field; the email is checked again when its link is opened.
        await assertAvailable(tx, { email: emailChanged ? email : undefined, username: usernameChanged ? username : undefined }, userId);
        const patch: Partial<UserRow> = {};
        if (body.name !== undefined) patch.name = body.name.trim();
        if (usernameChanged) patch.username = username;
        if (passwordHash) patch.passwordHash = passwordHash;
        const user = Object.keys(patch).length ? await usersRepository.update(tx, userId, patch) : before;
        const revoked = passwordHash ? await deps.tokens.revokeAllForUser(userId, sessionId, tx) : [];
        if (alsoInTx) await alsoInTx(tx);
        const linkToken = emailChanged && email !== undefined && email !== before.email ? await requestEmailChange(tx, userId, email) : null;
        return { user, linkToken, revoked };
      }),
    );
    closeSessionSockets(deps.io, result.revoked);
    if (result.linkToken && email) {
      await emailChange.mailConfirmation(email, result.user.name, result.linkToken);
      return { pendingEmail: email };
    }
    return { pendingEmail: null };
  };
}

/** The signed-in user's own account. Every method acts on the caller's id only. */
export function createUsersService(deps: AuthDeps & Pick<FastifyInstance, 'changeCaches'>) {
  const { db, config, storage } = deps;
  const updateAccount = createAccountUpdater(deps);
  const dtoContext = { storage, webOrigin: config.webOrigin };
  // The account's row as read, by account id (the answer is built from it per request).
  const accounts = deps.changeCaches.accounts.create<AccountRow>();

  /**
   * The account's row, from this process's cache when it holds it (db/change-cache.ts: every change
   * to it drops it). A pending email change is never cached: its link expires on its own.
   */
  async function readAccount(userId: string): Promise<AccountRow | null> {
    const cached = accounts.get(userId);
    if (cached) return cached;
    const mark = accounts.mark();
    const row = await usersRepository.findAccount(db, userId);
    if (row && !row.pendingEmail) accounts.set(mark, userId, userId, row, { aliases: [row.walletId] });
    return row;
  }

  // The view of a cached row, per payable rule: the same object while neither changes, so the
  // route serialises it once (lib/serialized-once.ts). Rows read afresh are new objects.
  const views = new WeakMap<AccountRow, { verificationRequired: boolean; view: CurrentUser }>();

  async function current(userId: string): Promise<CurrentUser> {
    const rule = await readPayableRule(deps.settings);
    const row = await readAccount(userId);
    if (!row) throw notFound('Account not found');
    const seen = views.get(row);
    if (seen?.verificationRequired === rule.verificationRequired) return seen.view;
    const view = present(row, rule);
    views.set(row, { verificationRequired: rule.verificationRequired, view });
    return view;
  }

  function present(row: AccountRow, rule: PayableRule): CurrentUser {
    const { user, verificationStatus } = row;
    const payable = payableVerdict(verificationStatus ? { role: user.role, status: user.status, verificationStatus } : null, rule) === 'payable';
    return {
      ...toCurrentUser(dtoContext, user, row.balanceCents ?? 0, verificationStatus, { note: row.verificationNote, payable }),
      pendingEmail: row.pendingEmail,
      hasPassword: user.passwordHash !== null,
      consentRequired: needsConsent(user),
    };
  }

  return {
    me: current,

    /** Age 18+ and the current terms, now (accounts made through social sign-in, or after the terms changed). */
    async acceptTerms(userId: string): Promise<CurrentUser> {
      await usersRepository.update(db, userId, signUpConsent());
      return current(userId);
    },

    /** The answer's `message` says when a confirmation link was mailed (the email is then unchanged). */
    async update(userId: string, sessionId: string, body: ProfileUpdate): Promise<{ data: CurrentUser; message?: string }> {
      const { pendingEmail } = await updateAccount(userId, sessionId, body);
      const data = await current(userId);
      return pendingEmail ? { data, message: EMAIL_CHANGE_MESSAGES.sent(pendingEmail) } : { data };
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
