import type { PrivateShowRequest } from '@/common/contract/private-shows';

const AT = '2026-01-01T00:00:00.000Z';
export const CREATOR = { _id: '7a0c6a3e-1111-4222-8333-444455556666', name: 'Aurora Vale', username: 'aurora', avatar: '/images/avatar-placeholder.svg', isPerformer: true };
export const FAN = { _id: '5b1d7b4f-2222-4333-8444-555566667777', name: 'Fan One', username: 'fan1', avatar: '/images/avatar-placeholder.svg', isPerformer: false };

export function makeRequest(overrides: Partial<PrivateShowRequest> = {}): PrivateShowRequest {
  return {
    _id: 'r1',
    conversationId: 'c1',
    fanId: FAN._id,
    fan: FAN,
    performerId: CREATOR._id,
    performer: CREATOR,
    status: 'pending',
    price: 25,
    message: '',
    streamId: null,
    isPaid: false,
    isRefunded: false,
    createdAt: AT,
    updatedAt: AT,
    decidedAt: null,
    startedAt: null,
    endedAt: null,
    ...overrides,
  };
}
