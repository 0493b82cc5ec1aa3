import { plainAmount } from '../../../common/lib/money';
import { WALLET_SALE_KINDS } from '../../../common/contract/admin-money';
import type { TransactionWithParties } from './admin-money.repository';

/**
 * The CSV export of ledger transactions (RFC 4180): a header row, CRLF line ends, a field quoted
 * when it holds a comma, a quote, CR or LF, quotes inside doubled. Amounts are token amounts with
 * two decimals and no grouping. Text people typed (names, tip messages, reasons) that a
 * spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a leading
 * apostrophe: opening an export must never execute what a fan wrote.
 */
export const CSV_HEADER = [
  'id', 'created_at', 'kind', 'status', 'payer_id', 'payer_username', 'payer_name',
  'creator_id', 'creator_username', 'creator_name', 'gross', 'commission', 'net',
  'description', 'message', 'object_type', 'object_id', 'refund_transaction_id', 'reverses_id',
] as const;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as written; `text` marks values people typed (guarded against formula injection). */
export function csvField(value: string | null | undefined, text = false): string {
  let s = value ?? '';
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const creatorEarns = (kind: string) => kind === 'subscription' || kind === 'refund' || (WALLET_SALE_KINDS as readonly string[]).includes(kind);

export function csvLine(row: TransactionWithParties): string {
  const t = row.transaction;
  const net = creatorEarns(t.kind) && t.performerId ? plainAmount(t.grossCents - t.commissionCents) : '';
  return [
    csvField(t.id),
    csvField(t.createdAt.toISOString()),
    csvField(t.kind),
    csvField(row.refundId ? 'refunded' : 'completed'),
    csvField(row.payer?.id),
    csvField(row.payer?.username, true),
    csvField(row.payer?.name, true),
    csvField(row.creator?.id),
    csvField(row.creator?.username, true),
    csvField(row.creator?.name, true),
    plainAmount(t.grossCents),
    plainAmount(t.commissionCents),
    net,
    csvField(t.description, true),
    csvField(t.message, true),
    csvField(t.objectType),
    csvField(t.objectId),
    csvField(row.refundId),
    csvField(t.reversesId),
  ].join(',');
}

/** The whole document: header, one line per transaction, CRLF after every record. */
export function transactionsCsv(rows: TransactionWithParties[]): string {
  return [CSV_HEADER.join(','), ...rows.map(csvLine)].map((line) => `${line}\r\n`).join('');
}
