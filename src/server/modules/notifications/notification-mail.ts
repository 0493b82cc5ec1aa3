import type { Notification, NotificationKind } from '../../../common/contract/notifications';
import { excerpt } from '../../../common/lib/content-path';
import { NOTIFICATION_KIND_LABELS, notificationText } from '../../../common/lib/notification-text';
import type { MailMessage } from '../../mail/mailer';
import { noticeMessage } from '../../mail/templates';
import { settingsPath } from './notification-rules';

const BUTTON: Record<NotificationKind, string> = {
  follower_new: 'See your followers',
  subscriber_new: 'See your subscribers',
  renewal_failed: 'Check your subscription',
  subscription_ending: 'Open their page',
  tip_received: 'See your earnings',
  content_bought: 'See your earnings',
  comment_new: 'Read the comment',
  comment_reply: 'Read the reply',
  like_new: 'Open it',
  order_status: 'See the order',
  payout_decided: 'See your payouts',
  verification_decided: 'Open your account',
  creator_posted: 'See the post',
  creator_live: 'Watch now',
};

/**
 * The email of a notification whose email channel is on: its sentence (the same as in the bell),
 * a button to the page it opens, and where to switch these emails off.
 */
export function notificationMail(m: {
  to: string;
  name: string;
  role: 'user' | 'performer' | 'admin';
  siteName: string;
  webOrigin: string;
  notification: Notification;
}): MailMessage {
  const { notification: n } = m;
  const sentence = notificationText(n);
  const button = n.data.status === 'rejected' && n.kind === 'verification_decided' ? 'Upload new documents' : BUTTON[n.kind];
  return noticeMessage({
    to: m.to,
    name: m.name,
    siteName: m.siteName,
    subject: excerpt(sentence, 120),
    paragraphs: [/[.!?]$/.test(sentence) ? sentence : `${sentence}.`],
    ...(n.link ? { button: { label: button, link: `${m.webOrigin}${n.link}` } } : {}),
    after: [
      `You get these emails for “${NOTIFICATION_KIND_LABELS[n.kind]}”. To stop them, switch Email off for it in your notification settings: ${m.webOrigin}${settingsPath(m.role)}`,
    ],
  });
}
