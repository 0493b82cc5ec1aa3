import type { FastifyInstance } from 'fastify';
import { SUSPENSION_REASON_MAX, WARNING_REASON_MAX } from '../../../common/contract/admin-users';
import { userRoom } from '../../../common/contract/realtime';
import type { AccountNotice } from '../../../common/contract/users';
import type { Executor } from '../../db/client';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/http-error';
import type { AuditActor } from '../audit/audit.service';
import { stripControl } from '../../shared/text';
import { accountStatusRepository } from './account-status.repository';
import type { UserRow } from './users.repository';

export { SUSPENSION_REASON_MAX, WARNING_REASON_MAX };

/** What sign-in answers a suspended account (403), with the reason and when it ends. */
export function suspendedMessage(user: Pick<UserRow, 'suspendedReason' | 'suspendedUntil'>): string {
  const reason = user.suspendedReason ? ` Reason: ${user.suspendedReason}.` : '';
  const until = user.suspendedUntil
    ? ` You can sign in again after ${user.suspendedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
    : ' Please contact support.';
  return `This account is suspended.${reason}${until}`;
}

/**
 * Sign-in of a suspended account: a suspension whose end has passed is lifted here (the job lifts
 * it too, within 5 minutes) and the account as it is now is returned, so the sign-in goes on; a
 * running suspension is refused with 403 `suspendedMessage`. Any other account is returned as is.
 */
export async function admitSuspended(db: Executor, user: UserRow, now = new Date()): Promise<UserRow> {
  if (user.status !== 'suspended') return user;
  if (user.suspendedUntil && user.suspendedUntil.getTime() <= now.getTime()) {
    await accountStatusRepository.liftExpired(db, now, user.id);
    // Read again: an operator may have changed the account between the two statements.
    const current = await accountStatusRepository.find(db, user.id);
    if (current && current.status !== 'suspended') return current;
    if (current) throw forbidden(suspendedMessage(current));
  }
  throw forbidden(suspendedMessage(user));
}

function cleanReason(reason: string | undefined, field: string, max: number): string {
  const text = stripControl(reason ?? '').trim();
  if (!text) throw badRequest('Give a reason', [{ field, message: 'Give a reason' }]);
  if (text.length > max) throw badRequest(`The reason is longer than ${max} characters`, [{ field, message: `At most ${max} characters` }]);
  return text;
}

/**
 * Suspending, reactivating and warning accounts (DESIGN.md section 4, Operators). The writes run in
 * the caller's transaction with its audit row (a report resolution suspends the author in the same
 * transaction that closes the report); what reaches outside the database (closing the person's open
 * sockets) is `afterSuspend`, called once the transaction committed.
 */
export function createAccountStatusService(app: Pick<FastifyInstance, 'db' | 'tokens' | 'io' | 'audit' | 'log'>) {
  return {
    /**
     * Suspends `userId`: status, reason, optional end; every session revoked in the same
     * transaction, so the next request with any of its tokens is a 401. Operators cannot be
     * suspended (demote first), nor can anyone suspend themselves.
     */
    async suspend(tx: Executor, actor: AuditActor, userId: string, input: { reason: string; until?: string | null }): Promise<UserRow> {
      const reason = cleanReason(input.reason, 'reason', SUSPENSION_REASON_MAX);
      const until = input.until ? new Date(input.until) : null;
      if (until && (Number.isNaN(until.getTime()) || until.getTime() <= Date.now())) {
        throw badRequest('The end of a suspension must be in the future', [{ field: 'until', message: 'Must be in the future' }]);
      }
      if (userId === actor.id) throw forbidden('You cannot suspend yourself');
      const before = await accountStatusRepository.lock(tx, userId);
      if (!before) throw notFound('User not found');
      if (before.role === 'admin') throw unprocessable('Operators cannot be suspended: remove their operator role first');
      const after = await accountStatusRepository.setStatus(tx, userId, { status: 'suspended', suspendedReason: reason, suspendedUntil: until, suspendedAt: new Date() });
      await app.tokens.revokeAllForUser(userId, undefined, tx);
      await app.audit.record(tx, actor, {
        action: 'user.suspend', targetType: 'user', targetId: userId,
        before: { status: before.status, suspendedReason: before.suspendedReason, suspendedUntil: before.suspendedUntil },
        after: { status: after.status, suspendedReason: after.suspendedReason, suspendedUntil: after.suspendedUntil },
      });
      return after;
    },

    /** After the suspension committed: the person's open sockets (every API instance) are closed. */
    afterSuspend(userId: string): void {
      app.io.in(userRoom(userId)).disconnectSockets(true);
    },

    async reactivate(tx: Executor, actor: AuditActor, userId: string): Promise<UserRow> {
      const before = await accountStatusRepository.lock(tx, userId);
      if (!before) throw notFound('User not found');
      if (before.status !== 'suspended') throw unprocessable('This account is not suspended');
      const after = await accountStatusRepository.setStatus(tx, userId, { status: 'active', suspendedReason: null, suspendedUntil: null, suspendedAt: null });
      await app.audit.record(tx, actor, {
        action: 'user.reactivate', targetType: 'user', targetId: userId,
        before: { status: before.status, suspendedReason: before.suspendedReason, suspendedUntil: before.suspendedUntil },
        after: { status: after.status },
      });
      return after;
    },

    /** A warning on the account (the person sees it on their account page); from a report or by hand. */
    async warn(tx: Executor, actor: AuditActor, userId: string, input: { reason: string; reportId?: string | null }) {
      const reason = cleanReason(input.reason, 'reason', WARNING_REASON_MAX);
      const user = await accountStatusRepository.lock(tx, userId);
      if (!user) throw notFound('User not found');
      const warning = await accountStatusRepository.addWarning(tx, { userId, reason, reportId: input.reportId ?? null, createdBy: actor.id });
      await app.audit.record(tx, actor, { action: 'user.warn', targetType: 'user', targetId: userId, after: { reason, reportId: warning.reportId } });
      return warning;
    },

    warnings: (userId: string) => accountStatusRepository.warningsOf(app.db, userId),

    /** What the person sees of their warnings (`GET /users/me/warnings`): reason and date, newest first. */
    async noticesOf(userId: string): Promise<AccountNotice[]> {
      const rows = await accountStatusRepository.warningsOf(app.db, userId);
      return rows.reverse().map((w) => ({ _id: w.id, reason: w.reason, createdAt: w.createdAt.toISOString() }));
    },

    /** Lifts suspensions whose end has come (the job every 5 minutes; sign-in uses `admitSuspended`). */
    liftExpired: () => accountStatusRepository.liftExpired(app.db),
  };
}

export type AccountStatusService = ReturnType<typeof createAccountStatusService>;
