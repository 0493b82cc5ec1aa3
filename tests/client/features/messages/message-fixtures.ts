import type { Conversation, Message } from '@/common/contract/messaging';
import type { MediaFileView } from '@/common/contract/media';

const AT = '2026-01-01T00:00:00.000Z';

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: 'm1',
    conversationId: 'c1',
    senderId: 'p1',
    text: 'Hello',
    type: 'text',
    files: [],
    price: 0,
    isPaid: false,
    isUnlocked: true,
    isDeleted: false,
    isSeen: false,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: 'c1',
    type: 'private',
    totalNotSeenMessages: 0,
    recipient: { _id: 'p1', name: 'Aurora Vale', username: 'aurora', avatar: '/images/avatar-placeholder.svg', isPerformer: true },
    lastMessage: null,
    isBlocked: false,
    canSendMessage: true,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function makeFile(overrides: Partial<MediaFileView> = {}): MediaFileView {
  return {
    _id: 'f1',
    type: 'message-photo',
    kind: 'image',
    status: 'ready',
    failureReason: null,
    url: 'http://api.test/files/media/f1.jpg',
    thumbnails: ['http://api.test/files/media/f1-thumb.jpg'],
    preview: 'http://api.test/files/media/f1-blur.jpg',
    width: 800,
    height: 600,
    duration: null,
    mimeType: 'image/jpeg',
    size: 1000,
    name: 'photo.jpg',
    isLocked: false,
    ...overrides,
  };
}
