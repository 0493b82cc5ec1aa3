import { fromCents } from '../../../common/lib/money';
import type { AppliedCoupon, Coupon, PaymentCard, PaymentTransaction, PayoutAccount } from '../../../common/contract/payments';
import type { CardRow, PaymentView } from './payments.repository';
import type { CouponRow } from './coupons.repository';
import type { PayoutAccountRow } from './payout-accounts.repository';

export function paymentDto({ payment: p, card, couponCode }: PaymentView): PaymentTransaction {
  return {
    _id: p.id,
    kind: p.kind,
    gateway: p.gateway,
    status: p.status,
    originalPrice: fromCents(p.amountCents),
    discount: fromCents(p.discountCents),
    totalPrice: fromCents(p.amountCents - p.discountCents),
    tokens: fromCents(p.tokensCents),
    couponCode,
    cardId: p.cardId,
    cardLabel: card ? `${card.brand} •••• ${card.last4}` : null,
    performerId: p.performerId,
    failureReason: p.failureReason,
    description: p.description,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export const cardDto = (c: CardRow): PaymentCard => ({
  _id: c.id,
  gateway: c.gateway,
  brand: c.brand,
  last4: c.last4,
  expMonth: c.expMonth,
  expYear: c.expYear,
  holderName: c.holderName,
  createdAt: c.createdAt.toISOString(),
});

/** Basis points (2550) to a percentage (25.5). */
const percentage = (basisPoints: number) => basisPoints / 100;

export const appliedCouponDto = (c: CouponRow): AppliedCoupon => ({
  _id: c.id,
  code: c.code,
  discountPercentage: percentage(c.discountBasisPoints),
  expiredDate: c.expiresAt?.toISOString() ?? null,
});

export const couponDto = (c: CouponRow): Coupon => ({
  ...appliedCouponDto(c),
  numberOfUses: c.maxUses,
  usedCount: c.usedCount,
  active: c.active,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const payoutAccountDto = (a: PayoutAccountRow): PayoutAccount => ({
  gateway: a.gateway,
  accountId: a.accountId,
  status: a.status,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});
