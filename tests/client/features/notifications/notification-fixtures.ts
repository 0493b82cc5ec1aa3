import type { Notification } from '@/common/contract/notifications';
import type { UserPublic } from '@/common/contract/users';

let seq = 0;
/** A well-formed id (the mark-read body takes uuids). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const FAN: UserPublic = {
  _id: uuid(900),
  name: 'Dana Fan',
  username: 'dana',
  avatar: '/uploads/dana.jpg',
  isPerformer: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A tip notification, newer than the one made before it (createdAt counts up by a minute). */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  seq += 1;
  return {
    _id: uuid(seq),
    kind: 'tip_received',
    actor: FAN,
    link: '/creator/earning',
    data: { amount: 10 },
    readAt: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
    ...overrides,
  };
}

/** The API's list body, as `GET /notifications` answers. */
export const listBody = (data: Notification[], total = data.length) => ({ data: { data, total } });
