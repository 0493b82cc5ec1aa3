/**
 * Why a sender may not write to a recipient, as the who-may-write rule answers it
 * (`writeRefusalSql`, who-may-write.repository.ts, which says the rule in order).
 */
export type RefusalCode = 'gone' | 'fans-only' | 'blocked' | 'subscribe' | 'follow' | 'not-a-fan';

/** Why a sender may not write; null when they may. Each text is shown to the person as it is. */
export type WriteRefusal = { status: 403 | 404; message: string } | null;

export const BLOCKED_MESSAGE = 'You cannot send messages to this person';

const REFUSALS: Record<RefusalCode, NonNullable<WriteRefusal>> = {
  gone: { status: 404, message: 'This account is no longer available' },
  'fans-only': { status: 403, message: 'Messages are between fans and creators' },
  blocked: { status: 403, message: BLOCKED_MESSAGE },
  subscribe: { status: 403, message: 'Subscribe to this creator to send a message' },
  follow: { status: 403, message: 'Follow this creator to send a message' },
  'not-a-fan': { status: 403, message: 'You can message fans who follow or subscribe to you, or who wrote to you' },
};

export const writeRefusal = (code: RefusalCode | null): WriteRefusal => (code ? REFUSALS[code] : null);
