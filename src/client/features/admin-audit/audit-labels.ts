import { AUDIT_ACTIONS, type AuditAction } from '@/common/contract/audit';

/**
 * Readable names of the audit verbs. A verb added to AUDIT_ACTIONS without a label here still
 * shows, spelt out from the verb itself ("coupon.deactivate" → "Coupon deactivate").
 */
const ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  'settings.update': 'Settings changed',
  'user.suspend': 'Account suspended',
  'user.reactivate': 'Account reactivated',
  'user.role': 'Role changed',
  'user.warn': 'Account warned',
  'creator.approve': 'Creator approved',
  'creator.reject': 'Creator rejected',
  'creator.commission': 'Creator commission changed',
  'report.resolve': 'Report resolved',
  'content.hide': 'Content hidden',
  'content.unhide': 'Content unhidden',
  'comment.remove': 'Comment removed',
  'sale.refund': 'Sale refunded',
  'payment.refund': 'Card payment refunded',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon changed',
  'promo.create': 'Promotion created',
  'promo.update': 'Promotion changed',
  'promo.delete': 'Promotion deleted',
  'page.create': 'Page created',
  'page.update': 'Page changed',
  'page.delete': 'Page deleted',
  'payout.approve': 'Payout approved',
  'payout.reject': 'Payout rejected',
  'contact.update': 'Contact message status changed',
  'ledger.check': 'Ledger check run',
};

const spell = (code: string) => {
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const actionLabel = (action: string): string => ACTION_LABELS[action as AuditAction] ?? spell(action);

/** Every verb as a select option, grouped by what it acts on (the part before the dot). */
export function actionOptions() {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const action of AUDIT_ACTIONS) {
    const group = targetTypeLabel(action.split('.')[0]);
    groups.set(group, [...(groups.get(group) ?? []), { value: action, label: actionLabel(action) }]);
  }
  return [...groups.entries()].map(([label, options]) => ({ label, title: label, options }));
}

/** Names of the target types the console's writes record; others are spelt out. */
const TARGET_TYPE_LABELS: Record<string, string> = {
  settings: 'Settings',
  user: 'Account',
  creator: 'Creator',
  performer: 'Creator',
  report: 'Report',
  content: 'Content',
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  product: 'Product',
  comment: 'Comment',
  sale: 'Sale',
  payment: 'Card payment',
  transaction: 'Transaction',
  coupon: 'Coupon',
  promo: 'Promotion',
  page: 'Page',
  payout: 'Payout request',
  payout_request: 'Payout request',
  contact: 'Contact message',
  contact_message: 'Contact message',
  ledger: 'Ledger',
  ledger_transaction: 'Ledger transaction',
};

export const targetTypeLabel = (type: string): string => TARGET_TYPE_LABELS[type] ?? spell(type);

/** Suggestions for the target type filter (free text is allowed: the log keeps whatever a write named). */
export const TARGET_TYPE_SUGGESTIONS = [
  'user', 'settings', 'report', 'feed', 'video', 'gallery', 'product', 'comment', 'ledger_transaction', 'payment', 'coupon',
  'payout_request', 'promo', 'page', 'contact_message', 'ledger',
];
