import type { Notification, NotificationKind } from '../contract/notifications';
import { excerpt } from './content-path';

type UserRole = 'user' | 'performer' | 'admin';

/** The kinds that can reach each role: the preferences page lists these, the API refuses others. */
export const NOTIFICATION_KINDS_BY_ROLE: Record<UserRole, readonly NotificationKind[]> = {
  user: ['renewal_failed', 'subscription_ending', 'comment_reply', 'order_status', 'creator_posted', 'creator_live'],
  performer: [
    'follower_new', 'subscriber_new', 'tip_received', 'content_bought', 'comment_new', 'comment_reply', 'like_new',
    'order_status', 'payout_decided', 'verification_decided',
  ],
  admin: [],
};

/** The important kinds: mailed unless the person switches email off (every other kind: in the app only, unless switched on). */
export const EMAIL_BY_DEFAULT: readonly NotificationKind[] = [
  'subscriber_new', 'renewal_failed', 'subscription_ending', 'order_status', 'payout_decided', 'verification_decided',
];

/** How the preferences page names each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  follower_new: 'New followers',
  subscriber_new: 'New subscribers',
  renewal_failed: 'A subscription renewal failed',
  subscription_ending: 'A subscription is about to end',
  tip_received: 'Tips',
  content_bought: 'Purchases of my content',
  comment_new: 'Comments on my content',
  comment_reply: 'Replies to my comments',
  like_new: 'Likes',
  order_status: 'Orders',
  payout_decided: 'Payout decisions',
  verification_decided: 'Identity verification',
  creator_posted: 'New posts from creators I subscribe to',
  creator_live: 'Creators I subscribe to going live',
};

const NOUN: Record<string, string> = {
  feed: 'post', video: 'video', gallery: 'gallery', product: 'product', message: 'message', stream: 'live stream ticket',
};
/** Order statuses (contract/orders ORDER_STATUSES) as a sentence ends them; 'created' is a new order. */
const ORDER_STATUS_WORDS: Record<string, string> = {
  processing: 'processing', shipped: 'shipped', delivered: 'delivered', refunded: 'refunded',
};

const tokens = (amount: number | undefined) =>
  `${(amount ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} tokens`;
const quoted = (title: string | undefined) => (title ? `: “${excerpt(title, 80)}”` : '');

/**
 * The sentence a notification says, the same in the bell, the page and the email. `date` formats
 * the dates some kinds carry (the web passes its one date helper; email a plain date).
 */
export function notificationText(
  n: Pick<Notification, 'kind' | 'actor' | 'data'>,
  date: (iso: string) => string = (iso) => iso.slice(0, 10),
): string {
  const who = n.actor?.name || n.actor?.username || 'Someone';
  const { data } = n;
  const noun = NOUN[data.objectType ?? ''] ?? 'content';
  switch (n.kind) {
    case 'follower_new':
      return `${who} started following you`;
    case 'subscriber_new':
      return `${who} subscribed to you`;
    case 'renewal_failed':
      return `We could not renew your subscription to ${who}${data.endsAt ? `: check your card before ${date(data.endsAt)} to keep access` : ''}`;
    case 'subscription_ending':
      return `Your subscription to ${who} ends${data.endsAt ? ` on ${date(data.endsAt)}` : ' soon'}`;
    case 'tip_received':
      return `${who} tipped you ${tokens(data.amount)}`;
    case 'content_bought':
      return `${who} bought your ${noun}${quoted(data.title)}${data.amount ? ` for ${tokens(data.amount)}` : ''}`;
    case 'comment_new':
      return `${who} commented on your ${noun}${quoted(data.title)}`;
    case 'comment_reply':
      return `${who} replied to your comment${quoted(data.title)}`;
    case 'like_new':
      return `${who} liked your ${noun}${quoted(data.title)}`;
    case 'order_status': {
      const order = data.orderNumber ? `order #${data.orderNumber}` : 'an order';
      if (data.status === 'created') return `${who} placed ${order}`;
      const status = ORDER_STATUS_WORDS[data.status ?? ''] ?? data.status ?? 'changed';
      // No actor: an operator refunded it (the platform, not a person the buyer knows).
      return n.actor ? `${who} marked ${order} as ${status}` : `${order[0].toUpperCase()}${order.slice(1)} was marked as ${status}`;
    }
    case 'payout_decided':
      return data.status === 'approved'
        ? `Your payout request of ${tokens(data.amount)} was approved`
        : `Your payout request of ${tokens(data.amount)} was rejected${data.reason ? `: ${data.reason}` : ''}`;
    case 'verification_decided':
      return data.status === 'approved'
        ? 'Your identity was verified: fans can now subscribe to you and pay you'
        : `Your identity documents were not accepted${data.reason ? `: ${data.reason}` : ''}`;
    case 'creator_posted':
      return `${who} posted${quoted(data.title)}`;
    case 'creator_live':
      return `${who} is live now${quoted(data.title)}`;
  }
}
