import type { FastifyInstance } from 'fastify';
import { adminMoneyRoutes } from '../../../common/contract/admin-money';
import { addRoute } from '../../lib/route';
import { dateRange } from '../../shared/date-filter';
import { actorOf } from '../audit/audit.service';
import { createSaleRefunds, refundReason } from './sale-refund.service';
import { createStatementsService } from './statements.service';
import { createTransactionsService } from './transactions.service';
import { filterUserId } from './user-ref';

/**
 * The operators' money console (contract `adminMoneyRoutes`): transactions across users and their
 * CSV export, statements of ledger accounts, card payments, and refunds. Card payments are the
 * payments module's (`app.payments.admin`); this module resolves the filters people type.
 */
export default async function adminMoneyModule(app: FastifyInstance) {
  const transactions = createTransactionsService(app);
  const statements = createStatementsService(app);
  const refundSale = createSaleRefunds(app, transactions.present);

  addRoute(app, adminMoneyRoutes.transactions, async (request) => ({ data: await transactions.search(request.query) }));

  addRoute(app, adminMoneyRoutes.exportTransactions, async (request, reply) => {
    const { csv, rows } = await transactions.exportCsv(request.query);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transactions-${stamp}.csv"`)
      .header('cache-control', 'private, no-store')
      .header('x-export-rows', String(rows))
      .send(csv);
  });

  addRoute(app, adminMoneyRoutes.refundTransaction, async (request) => ({
    data: await refundSale(actorOf(request), request.params.id, request.body.reason),
  }));

  addRoute(app, adminMoneyRoutes.accounts, async (request) => ({ data: await statements.accounts(request.query) }));
  addRoute(app, adminMoneyRoutes.statement, async (request) => ({ data: await statements.statement(request.params.id, request.query) }));

  addRoute(app, adminMoneyRoutes.payments, async (request) => {
    const q = request.query;
    const { from, to } = dateRange(q.fromDate, q.toDate);
    const userId = await filterUserId(app.db, q.userId, 'userId');
    return {
      data: await app.payments.admin.search({ status: q.status, kind: q.kind, userId, from, to }, { offset: q.offset ?? 0, limit: q.limit ?? 10 }),
    };
  });

  addRoute(app, adminMoneyRoutes.refundPayment, async (request) => ({
    data: await app.payments.admin.refund(actorOf(request), request.params.id, refundReason(request.body.reason)),
  }));
}
