import { plainAmount } from '../../../common/lib/money';
import { WALLET_SALE_KINDS } from '../../../common/contract/admin-money';
import type { TransactionWithParties } from './admin-money.repository';
import { csvDocument, csvField } from '../../shared/csv';

/**
 * The CSV export of ledger transactions, written with the shared RFC 4180 writer
 * (`shared/csv.ts`: quoting and the formula guard). Amounts are token amounts with two decimals
 * and no grouping.
 */
export const CSV_HEADER = [
  'id', 'created_at', 'kind', 'status', 'payer_id', 'payer_username', 'payer_name',
  'creator_id', 'creator_username', 'creator_name', 'gross', 'commission', 'net',
  'description', 'message', 'object_type', 'object_id', 'refund_transaction_id', 'reverses_id',
] as const;

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
  return csvDocument(CSV_HEADER, rows.map(csvLine));
}
