import type { FastifyInstance } from 'fastify';
import type { AdminUserDetail, ReportAgainstUser } from '../../../common/contract/admin-users';
import { fromCents } from '../../../common/lib/money';
import { notFound } from '../../lib/http-error';
import { ledgerRepository } from '../ledger/ledger.repository';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service';
import { createAccountStatusService } from '../users/account-status.service';
import { coverUrl } from '../users/user.dto';
import { toUserPublic } from '../users/user-public.dto';
import { createWalletChargesService } from '../wallet-charges/wallet-charges.service';
import { toAdminUser } from './admin-user.dto';
import { adminUsersRepository as repo } from './admin-users.repository';
import { requireUserId } from './admin-users.service';

/** How many of the latest subscriptions, purchases and reports the detail shows. */
export const DETAIL_LIMIT = 20;

/**
 * One account as an operator judges it. Other modules' data comes through their services
 * (subscriptions, wallet charges, account status); balances through the ledger's read function
 * (the ledger module has no service of its own, and `balancesOf` is its one reader of balances).
 */
export function createAdminUserDetailService(app: FastifyInstance) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const subscriptions = createSubscriptionsService(app);
  const charges = createWalletChargesService(app);
  const accountStatus = createAccountStatusService(app);

  const subscriberCount = async (performerId: string, status: 'active' | 'cancelled' | 'expired') =>
    (await subscriptions.search({ status, limit: 1, offset: 0 }, { performerId })).total;

  return {
    async view(idParam: string): Promise<AdminUserDetail> {
      const id = requireUserId(idParam);
      const row = await repo.find(app.db, id);
      if (!row) throw notFound('User not found');
      const { user } = row;
      const isCreator = user.role === 'performer';
      const [balances, liveSessions, fanSubscriptions, subscribers, purchases, reports, warnings] = await Promise.all([
        ledgerRepository.balancesOf(app.db, id),
        repo.liveSessions(app.db, id),
        subscriptions.search({ limit: DETAIL_LIMIT, offset: 0, sort: 'desc' }, { userId: id }),
        isCreator
          ? Promise.all([subscriberCount(id, 'active'), subscriberCount(id, 'cancelled'), subscriberCount(id, 'expired')])
            .then(([active, cancelled, expired]) => ({ active, cancelled, expired }))
          : null,
        charges.search({ id, role: user.role }, { view: 'spending', limit: DETAIL_LIMIT, offset: 0, sort: 'desc' }),
        repo.reportsAgainst(app.db, id, DETAIL_LIMIT),
        accountStatus.warnings(id),
      ]);
      return {
        user: {
          ...toAdminUser(urls, user, row.verificationStatus),
          cover: coverUrl(urls, user.coverPath),
          country: isCreator ? row.country : null,
          suspendedAt: user.suspendedAt?.toISOString() ?? null,
          updatedAt: user.updatedAt.toISOString(),
        },
        wallet: { balance: fromCents(balances.wallet) },
        earnings: isCreator ? { available: fromCents(balances.earnings), reserved: fromCents(balances.payout_reserve) } : null,
        liveSessions,
        subscriptions: fanSubscriptions,
        subscribers,
        purchases,
        reports: {
          data: reports.rows.map(({ report, reporter }): ReportAgainstUser => ({
            _id: report.id,
            targetType: report.targetType,
            targetId: report.targetId,
            reason: report.reason,
            text: report.text,
            status: report.status,
            resolution: report.resolution ?? null,
            reporter: reporter ? toUserPublic(urls, reporter) : null,
            createdAt: report.createdAt.toISOString(),
          })),
          total: reports.total,
        },
        warnings: [...warnings].reverse().map((w) => ({ _id: w.id, reason: w.reason, reportId: w.reportId, createdAt: w.createdAt.toISOString() })),
      };
    },
  };
}
