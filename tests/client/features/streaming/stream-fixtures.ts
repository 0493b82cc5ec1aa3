import type { Stream, StreamMessage, StreamView } from '@/common/contract/streaming';

const AT = '2026-01-01T00:00:00.000Z';

export const CREATOR = { _id: 'p1', name: 'Aurora Vale', username: 'aurora', avatar: '/images/avatar-placeholder.svg', isPerformer: true };
export const FAN = { _id: 'u1', name: 'Fan One', username: 'fan1', avatar: '/images/avatar-placeholder.svg', isPerformer: false };

export function makeStreamMessage(overrides: Partial<StreamMessage> = {}): StreamMessage {
  return {
    _id: 'sm1',
    conversationId: 'sc1',
    senderId: FAN._id,
    sender: FAN,
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

export function makeStream(overrides: Partial<Stream> = {}): Stream {
  return {
    _id: 's1',
    performerId: CREATOR._id,
    performer: CREATOR,
    title: 'Morning yoga',
    description: '',
    access: 'free',
    price: 0,
    isStreaming: true,
    isChatClosed: false,
    conversationId: 'sc1',
    isPrivate: false,
    channelName: 'stream-s1',
    viewerCount: 3,
    duration: 0,
    startedAt: new Date().toISOString(),
    endedAt: null,
    ...overrides,
  };
}

export function makeStreamView(overrides: Partial<StreamView> = {}): StreamView {
  return { ...makeStream(), canWatch: true, isPaid: false, lockReason: null, ...overrides };
}

/** Messages answered newest first, as the API does. */
export const newestFirst = (n: number, conversationId = 'sc1', from = 1) =>
  Array.from({ length: n }, (_, i) => makeStreamMessage({ _id: `m${from + n - 1 - i}`, conversationId, text: `text ${from + n - 1 - i}` }));
