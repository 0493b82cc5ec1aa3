import type { AdminPayment, AdminTransaction } from '@/common/contract/admin-money';
import type { Coupon } from '@/common/contract/payments';
import type { UserPublic } from '@/common/contract/users';

let seq = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export const person = (name: string, username: string, isPerformer = false): UserPublic => ({
  _id: uuid(), name, username, avatar: '', isPerformer, createdAt: '2025-01-01T00:00:00.000Z',
});
export const dana = person('Dana', 'dana');
export const aurora = person('Aurora Lane', 'aurora', true);

export function makeTransaction(overrides: Partial<AdminTransaction> = {}): AdminTransaction {
  return {
    _id: uuid(), kind: 'video', user: dana, performer: aurora, gross: 10, commission: 2, net: 8,
    description: 'Purchase of a video', message: null, objectType: 'video', objectId: uuid(),
    refunded: false, refundTransactionId: null, reversesId: null, refundable: true, createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    _id: uuid(), kind: 'top_up', gateway: 'sandbox', status: 'succeeded', originalPrice: 20, discount: 0, totalPrice: 20, tokens: 20,
    couponCode: null, cardId: uuid(), cardLabel: 'Visa •••• 4242', performerId: null, failureReason: null, description: 'Wallet top-up: 20.00 tokens',
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
    user: dana, gatewayIntentId: 'pi_sandbox_ok_1', refundedAt: null, refundReason: null, gatewayRefundId: null, refundable: true,
    ...overrides,
  };
}

export function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: uuid(), code: 'SPRING10', discountPercentage: 10, expiredDate: null, numberOfUses: 100, usedCount: 3, active: true,
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

