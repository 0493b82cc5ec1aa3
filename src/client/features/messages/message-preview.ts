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
