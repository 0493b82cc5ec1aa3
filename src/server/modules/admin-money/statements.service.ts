import type { FastifyInstance } from 'fastify';
import type { AccountList, AccountsQuery, LedgerAccount, Statement, StatementQuery } from '../../../common/contract/admin-money';
import { fromCents } from '../../../common/lib/money';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../shared/ids';
import { toUserPublic } from '../users/user-public.dto';
import { adminMoneyRepository, type AccountRow, type UserRow } from './admin-money.repository';
import { requireUserRef } from './user-ref';

const ACCOUNT_NOT_FOUND = 'Account not found';

/** Statements of ledger accounts: which accounts exist, and one account's entries with a running balance. */
export function createStatementsService(app: FastifyInstance) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const accountDto = ({ account, owner }: { account: AccountRow; owner: UserRow | null }): LedgerAccount => ({
    _id: account.id,
    kind: account.kind,
    owner: owner ? toUserPublic(urls, owner) : null,
    balance: fromCents(account.balanceCents),
    createdAt: account.createdAt.toISOString(),
  });

  return {
    async accounts(q: AccountsQuery): Promise<AccountList> {
      const user = q.user?.trim() ? await requireUserRef(app.db, q.user) : null;
      const rows = await adminMoneyRepository.accounts(app.db, user?.id ?? null);
      return { user: user ? toUserPublic(urls, user) : null, accounts: rows.map(accountDto) };
    },

    async statement(id: string, q: StatementQuery): Promise<Statement> {
      if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND);
      const accountId = id.toLowerCase();
      const account = await adminMoneyRepository.account(app.db, accountId);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const { rows, total } = await adminMoneyRepository.statement(app.db, accountId, { offset: q.offset ?? 0, limit: q.limit ?? 20 });
      return {
        account: accountDto(account),
        data: rows.map((r) => ({
          _id: r.id,
          transactionId: r.transaction.id,
          kind: r.transaction.kind,
          description: r.transaction.description,
          objectType: r.transaction.objectType,
          objectId: r.transaction.objectId,
          reversesId: r.transaction.reversesId,
          amount: fromCents(r.amountCents),
          balanceAfter: fromCents(r.balanceAfter),
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}
