import type { FastifyInstance } from 'fastify';
import {
  TRANSACTION_EXPORT_MAX_ROWS, WALLET_SALE_KINDS,
  type AdminTransaction, type TransactionExportQuery, type TransactionSearchQuery,
} from '../../../common/contract/admin-money';
import { fromCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';
import { unprocessable } from '../../lib/http-error';
import { dateRange } from '../../shared/date-filter';
import { toUserPublic } from '../users/user-public.dto';
import { adminMoneyRepository, type TransactionFilter, type TransactionWithParties } from './admin-money.repository';
import { transactionsCsv } from './transactions-csv';
import { filterUserId } from './user-ref';

const SALE_KINDS: readonly string[] = WALLET_SALE_KINDS;
const count = (n: number) => n.toLocaleString('en-US');
/** Kinds whose creator earns gross - commission (a refund shows what it took back). */
const EARNING_KINDS = new Set<string>([...WALLET_SALE_KINDS, 'subscription', 'refund']);

/** Turns rows of the ledger into the console's view of them. */
export function createTransactionPresenter(app: Pick<FastifyInstance, 'storage' | 'config'>) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  return (row: TransactionWithParties): AdminTransaction => {
    const t = row.transaction;
    return {
      _id: t.id,
      kind: t.kind,
      user: row.payer ? toUserPublic(urls, row.payer) : null,
      performer: row.creator ? toUserPublic(urls, row.creator) : null,
      gross: fromCents(t.grossCents),
      commission: fromCents(t.commissionCents),
      net: EARNING_KINDS.has(t.kind) && t.performerId ? fromCents(t.grossCents - t.commissionCents) : null,
      description: t.description,
      message: t.message,
      objectType: t.objectType,
      objectId: t.objectId,
      refunded: Boolean(row.refundId),
      refundTransactionId: row.refundId,
      reversesId: t.reversesId,
      refundable: SALE_KINDS.includes(t.kind) && !row.refundId,
      createdAt: t.createdAt.toISOString(),
    };
  };
}

/** The filters as the repository takes them: people named by id or username, dates checked. */
async function filterOf(db: Executor, q: TransactionExportQuery): Promise<TransactionFilter> {
  const { from, to } = dateRange(q.fromDate, q.toDate);
  return {
    kind: q.kind,
    userId: await filterUserId(db, q.userId, 'userId'),
    performerId: await filterUserId(db, q.performerId, 'performerId'),
    from,
    to,
    status: q.status,
  };
}

/** GET /admin/transactions and its CSV export. */
export function createTransactionsService(app: FastifyInstance) {
  const present = createTransactionPresenter(app);

  return {
    present,

    async search(q: TransactionSearchQuery): Promise<{ data: AdminTransaction[]; total: number }> {
      const filter = await filterOf(app.db, q);
      const { rows, total } = await adminMoneyRepository.searchTransactions(app.db, filter, { offset: q.offset ?? 0, limit: q.limit ?? 10 });
      return { data: rows.map(present), total };
    },

    /**
     * The selection as CSV, read in one transaction so the count and the rows agree. Beyond
     * TRANSACTION_EXPORT_MAX_ROWS the operator is asked to narrow the filters (a 422 saying how many
     * matched) rather than given a file silently cut short.
     */
    async exportCsv(q: TransactionExportQuery): Promise<{ csv: string; rows: number }> {
      const filter = await filterOf(app.db, q);
      const rows = await app.db.transaction(async (tx) => {
        const total = await adminMoneyRepository.countTransactions(tx, filter);
        if (total > TRANSACTION_EXPORT_MAX_ROWS) {
          throw unprocessable(
            `${count(total)} transactions match: an export holds at most ${count(TRANSACTION_EXPORT_MAX_ROWS)}. Narrow the dates or other filters.`,
          );
        }
        return adminMoneyRepository.exportTransactions(tx, filter, TRANSACTION_EXPORT_MAX_ROWS);
      });
      return { csv: transactionsCsv(rows), rows: rows.length };
    },
  };
}
