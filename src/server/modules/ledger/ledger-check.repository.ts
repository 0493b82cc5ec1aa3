import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';

export interface LedgerCheckResult {
  ok: boolean;
  transactions: number;
  accounts: number;
  /** One line per broken invariant, naming the transaction or account. */
  breaches: string[];
}


/**
 * Verifies every invariant of the ledger: each transaction has at least two entries summing to
 * zero; each account's cached balance equals the sum of its entries; no wallet, earnings or
 * reserve is negative; all balances together are zero. Read-only; run by `npm run ledger:check`,
 * `POST /admin/ledger-check` (the dashboard) and the money tests after every scenario.
 */
export async function checkLedger(db: Executor): Promise<LedgerCheckResult> {
  const breaches: string[] = [];
  const unbalanced = rowsOf(await db.execute(sql`
    select t.id, coalesce(sum(e.amount_cents), 0)::text as total, count(e.id)::int as entries
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2`));
  for (const r of unbalanced) breaches.push(`transaction ${String(r.id)}: ${String(r.entries)} entries summing to ${String(r.total)} cents`);
  const drifted = rowsOf(await db.execute(sql`
    select a.id, a.kind, a.balance_cents::text as cached, coalesce(sum(e.amount_cents), 0)::text as actual
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`));
  for (const r of drifted) breaches.push(`account ${String(r.id)} (${String(r.kind)}): cached ${String(r.cached)} but entries sum to ${String(r.actual)} cents`);
  const negative = rowsOf(await db.execute(sql`
    select id, kind, balance_cents::text as balance from ledger_accounts
    where kind in ('wallet', 'earnings', 'payout_reserve') and balance_cents < 0`));
  for (const r of negative) breaches.push(`account ${String(r.id)} (${String(r.kind)}): negative balance ${String(r.balance)} cents`);
  const [totals] = rowsOf(await db.execute(sql`
    select coalesce(sum(balance_cents), 0)::text as total, count(*)::int as accounts,
      (select count(*)::int from ledger_transactions) as transactions
    from ledger_accounts`));
  if (Number(totals!.total) !== 0) breaches.push(`all balances sum to ${String(totals!.total)} cents instead of 0`);
  return { ok: breaches.length === 0, transactions: Number(totals!.transactions), accounts: Number(totals!.accounts), breaches };
}
