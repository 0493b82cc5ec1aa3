import { LEDGER_KIND_VALUES, TRANSACTION_STATUS_VALUES, type TransactionFilters } from '@/common/contract/admin-money';
import { PAYMENT_KIND_VALUES, PAYMENT_STATUS_VALUES } from '@/common/contract/payments';
import { useQueryList } from '@/client/hooks/use-query-list';

export const MONEY_PAGE_SIZE = 20;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const text = (value: string | undefined) => value?.trim() || undefined;
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * The money console's list state, all in the query string (`tab` plus the open tab's filters and
 * page), read into API queries explicitly so hand-edited junk never reaches the API.
 */
export function useMoneyList() {
  const list = useQueryList({ pageSize: MONEY_PAGE_SIZE });
  const f = list.filters;
  const transactionFilters: TransactionFilters = defined({
    kind: oneOf(LEDGER_KIND_VALUES, f.kind),
    status: oneOf(TRANSACTION_STATUS_VALUES, f.status),
    userId: text(f.userId),
    performerId: text(f.performerId),
    fromDate: day(f.fromDate),
    toDate: day(f.toDate),
  });
  const paymentFilters = defined({
    kind: oneOf(PAYMENT_KIND_VALUES, f.kind),
    status: oneOf(PAYMENT_STATUS_VALUES, f.status),
    userId: text(f.userId),
    fromDate: day(f.fromDate),
    toDate: day(f.toDate),
  });
  const page = { offset: list.params.offset, limit: list.params.limit };
  return { list, transactionFilters, paymentFilters, page };
}
