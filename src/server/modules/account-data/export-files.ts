import { plainAmount } from '../../../common/lib/money';
import { csvOf } from '../../shared/csv';
import type { ExportedMessage } from '../messaging/messages-export';
import type { ExportedEntry, ExportedPurchase } from '../ledger/ledger-export';
import type { ExportedSubscription } from '../subscriptions/subscriptions-account';

export interface ExportedFile {
  id: string;
  purpose: string;
  kind: string;
  originalName: string;
  sizeBytes: number;
  status: string;
  createdAt: Date;
  downloadUrl: string | null;
}

const money = (cents: number) => plainAmount(cents);

/** The CSV files of a data export, one builder each, all through the shared writer (shared/csv.ts). */
export const exportCsv = {
  messages: (rows: ExportedMessage[]) => csvOf<ExportedMessage>([
    { name: 'id', value: (m) => m.id },
    { name: 'conversation_id', value: (m) => m.conversationId },
    { name: 'created_at', value: (m) => m.createdAt },
    { name: 'direction', value: (m) => m.direction },
    { name: 'sender_id', value: (m) => m.senderId },
    { name: 'sender_username', text: true, value: (m) => m.senderUsername },
    { name: 'type', value: (m) => m.type },
    { name: 'text', text: true, value: (m) => m.text },
    { name: 'price', value: (m) => m.price.toFixed(2) },
    { name: 'deleted', value: (m) => String(m.deleted) },
  ], rows),

  purchases: (rows: ExportedPurchase[]) => csvOf<ExportedPurchase>([
    { name: 'transaction_id', value: (p) => p.transactionId },
    { name: 'created_at', value: (p) => p.createdAt },
    { name: 'kind', value: (p) => p.kind },
    { name: 'description', text: true, value: (p) => p.description },
    { name: 'amount', value: (p) => money(p.grossCents) },
    { name: 'creator_id', value: (p) => p.creatorId },
    { name: 'creator_username', text: true, value: (p) => p.creatorUsername },
    { name: 'object_type', value: (p) => p.objectType },
    { name: 'object_id', value: (p) => p.objectId },
    { name: 'message', text: true, value: (p) => p.message },
  ], rows),

  subscriptions: (rows: ExportedSubscription[]) => csvOf<ExportedSubscription>([
    { name: 'id', value: (s) => s.id },
    { name: 'side', value: (s) => s.side },
    { name: 'fan_id', value: (s) => s.fanId },
    { name: 'fan_username', text: true, value: (s) => s.fanUsername },
    { name: 'creator_id', value: (s) => s.creatorId },
    { name: 'creator_username', text: true, value: (s) => s.creatorUsername },
    { name: 'type', value: (s) => s.type },
    { name: 'status', value: (s) => s.status },
    { name: 'price', value: (s) => money(s.priceCents) },
    { name: 'started_at', value: (s) => s.startedAt },
    { name: 'expires_at', value: (s) => s.expiresAt },
    { name: 'cancelled_at', value: (s) => s.cancelledAt },
  ], rows),

  /** Wallet or earnings movements: signed amount and the balance after each. */
  entries: (rows: ExportedEntry[]) => csvOf<ExportedEntry>([
    { name: 'transaction_id', value: (e) => e.transactionId },
    { name: 'created_at', value: (e) => e.createdAt },
    { name: 'kind', value: (e) => e.kind },
    { name: 'description', text: true, value: (e) => e.description },
    { name: 'amount', value: (e) => money(e.amountCents) },
    { name: 'balance_after', value: (e) => money(e.balanceAfterCents) },
    { name: 'payer_username', text: true, value: (e) => e.payerUsername },
    { name: 'creator_username', text: true, value: (e) => e.creatorUsername },
    { name: 'object_type', value: (e) => e.objectType },
    { name: 'object_id', value: (e) => e.objectId },
  ], rows),

  files: (rows: ExportedFile[]) => csvOf<ExportedFile>([
    { name: 'id', value: (f) => f.id },
    { name: 'purpose', value: (f) => f.purpose },
    { name: 'kind', value: (f) => f.kind },
    { name: 'original_name', text: true, value: (f) => f.originalName },
    { name: 'size_bytes', value: (f) => f.sizeBytes },
    { name: 'status', value: (f) => f.status },
    { name: 'created_at', value: (f) => f.createdAt },
    { name: 'download_url', value: (f) => f.downloadUrl },
  ], rows),
};
