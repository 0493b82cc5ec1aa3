import type { LastMessage } from '@/common/contract/messaging';
import { REMOTE_DELETED_TEXT } from './message.slice';

const MEDIA_LABEL = { photo: 'Photo', video: 'Video' } as const;

/** One line for the conversation list: the text, or what the message holds. */
export function previewOf(message: LastMessage | null, myId: string | undefined): string {
  if (!message) return 'No messages yet';
  const prefix = message.senderId === myId ? 'You: ' : '';
  if (message.isDeleted) return `${prefix}${REMOTE_DELETED_TEXT}`;
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (text) return `${prefix}${text}`;
  return `${prefix}${message.type === 'text' ? '' : MEDIA_LABEL[message.type]}`;
}

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Today: the time; otherwise the day. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return at.toDateString() === now.toDateString() ? TIME.format(at) : DAY.format(at);
}
