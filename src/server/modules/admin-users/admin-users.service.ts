import type { FastifyInstance } from 'fastify';
import {
  CREATORS_CANNOT_BE_OPERATORS, type AdminUser, type AdminUserQuery, type AdminUserStatusBody, type AdminWarning,
} from '../../../common/contract/admin-users';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error';
import { isUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { createAccountStatusService } from '../users/account-status.service';
import { createAccountNoticeMail } from './account-notice-mail';
import { toAdminUser } from './admin-user.dto';
import { adminUsersRepository as repo } from './admin-users.repository';

export type AdminUsersDeps = Pick<FastifyInstance, 'db' | 'tokens' | 'io' | 'audit' | 'log' | 'mailer' | 'settings' | 'config' | 'storage'>;

/** A route id that is not a uuid names nobody: 404, as for an unknown one (no query is made). */
export function requireUserId(id: string): string {
  if (!isUuid(id)) throw notFound('User not found');
  return id.toLowerCase();
}

/**
 * The operators' user management: the list, suspending and reactivating (through the account-status
 * service, which revokes sessions and audits), warnings, and the operator role. Each write is one
 * transaction with its one audit row; mail and socket effects follow the commit.
 */
export function createAdminUsersService(app: AdminUsersDeps) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const accountStatus = createAccountStatusService(app);
  const mail = createAccountNoticeMail(app);

  async function present(id: string): Promise<AdminUser> {
    const row = await repo.find(app.db, id);
    if (!row) throw notFound('User not found');
    return toAdminUser(urls, row.user, row.verificationStatus);
  }

  return {
    async list(query: AdminUserQuery) {
      const q = query.q?.trim();
      const { rows, total } = await repo.list(
        app.db,
        { q: q || undefined, role: query.role, status: query.status },
        query.sortBy ?? 'createdAt',
        query.sort ?? 'desc',
        { offset: query.offset ?? 0, limit: query.limit ?? 10 },
      );
      return { data: rows.map((r) => toAdminUser(urls, r.user, r.verificationStatus)), total };
    },

    /**
     * Suspends (sessions revoked in the same transaction; then the person's sockets are closed and
     * they are emailed) or reactivates. The account-status service refuses yourself and operators.
     */
    async setStatus(actor: AuditActor, idParam: string, body: AdminUserStatusBody): Promise<AdminUser> {
      const id = requireUserId(idParam);
      if (body.status === 'suspended') {
        const user = await app.db.transaction((tx) => accountStatus.suspend(tx, actor, id, { reason: body.reason ?? '', until: body.until ?? null }));
        accountStatus.afterSuspend(id);
        await mail.suspended(user);
      } else {
        const user = await app.db.transaction((tx) => accountStatus.reactivate(tx, actor, id));
        await mail.reactivated(user);
      }
      return present(id);
    },

    async warn(actor: AuditActor, idParam: string, reason: string): Promise<AdminWarning> {
      const id = requireUserId(idParam);
      if (id === actor.id) throw forbidden('You cannot warn yourself');
      const warning = await app.db.transaction((tx) => accountStatus.warn(tx, actor, id, { reason }));
      const user = await repo.find(app.db, id);
      if (user) await mail.warned(user.user, warning.reason);
      return { _id: warning.id, reason: warning.reason, reportId: warning.reportId, createdAt: warning.createdAt.toISOString() };
    },

    /**
     * Makes a fan an operator or an operator a fan. The operators' rows are locked and counted in
     * the transaction, so two demotions at once cannot leave the site without an operator: the
     * second waits for the first and then sees one operator fewer. An operator who lost the role
     * while the request waited cannot complete it.
     */
    async setRole(actor: AuditActor, idParam: string, role: 'admin' | 'user'): Promise<AdminUser> {
      const id = requireUserId(idParam);
      if (id === actor.id) throw forbidden('You cannot change your own role');
      await app.db.transaction(async (tx) => {
        const operators = await repo.lockOperators(tx);
        const before = await repo.lock(tx, id);
        if (!before) throw notFound('User not found');
        if (role === 'admin') {
          if (before.role === 'performer') throw unprocessable(CREATORS_CANNOT_BE_OPERATORS);
          if (before.role === 'admin') throw conflict('This account is already an operator');
          if (before.status !== 'active') throw unprocessable('Only an active account can be made an operator: reactivate it first');
        } else {
          if (before.role !== 'admin') throw conflict('This account is not an operator');
          if (!operators.some((o) => o !== id)) throw unprocessable('The last operator cannot be removed: make someone else an operator first');
        }
        if (!operators.includes(actor.id)) throw forbidden('You are no longer an operator');
        const after = await repo.setRole(tx, id, role);
        await app.audit.record(tx, actor, { action: 'user.role', targetType: 'user', targetId: id, before: { role: before.role }, after: { role: after.role } });
      });
      return present(id);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
