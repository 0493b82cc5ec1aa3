import type { FastifyInstance } from 'fastify';
import type { CreateCouponBody, UpdateCouponBody } from '../../../common/contract/payments';
import { hasAtMostTwoDecimals } from '../../../common/lib/money';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import { couponsRepository, isDuplicateCode, type CouponRow } from './coupons.repository';
import { appliedCouponDto, couponDto } from './payment.dto';
import { isUuid } from '../../shared/ids';

export const COUPON_NOT_FOUND = 'Coupon not found';
export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_USED_UP = 'This coupon has been used up';
export const COUPON_ALREADY_USED = 'You have already used this coupon';

/** The rules a coupon must pass for this user now (404 / 422 expired / 422 used up / 409 used by me). */
export async function usableCoupon(db: Executor, userId: string, code: string): Promise<CouponRow> {
  const coupon = await couponsRepository.findByCode(db, code.trim());
  if (!coupon || !coupon.active) throw notFound(COUPON_NOT_FOUND);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= Date.now()) throw unprocessable(COUPON_EXPIRED);
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw unprocessable(COUPON_USED_UP);
  if (await couponsRepository.redeemed(db, coupon.id, userId)) throw conflict(COUPON_ALREADY_USED);
  return coupon;
}

/** Claims a use inside the payment's transaction; throws (rolling it back) when it is gone. */
export async function claimCoupon(tx: Executor, couponId: string, userId: string, paymentId: string): Promise<void> {
  const result = await couponsRepository.claim(tx, couponId, userId, paymentId);
  if (result === 'already-used') throw conflict(COUPON_ALREADY_USED);
  if (result === 'unavailable') throw unprocessable(COUPON_USED_UP);
}

function basisPoints(percentage: number): number {
  if (!hasAtMostTwoDecimals(percentage)) {
    throw badRequest('discountPercentage must have at most two decimals', [{ field: 'discountPercentage', message: 'discountPercentage must have at most two decimals' }]);
  }
  return Math.round(percentage * 100);
}

const expiry = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

export function createCouponsService(app: FastifyInstance) {
  const duplicate = () => conflict('A coupon with this code already exists', [{ field: 'code', message: 'A coupon with this code already exists' }]);
  return {
    async apply(userId: string, code: string) {
      return appliedCouponDto(await usableCoupon(app.db, userId, code));
    },

    async create(body: CreateCouponBody) {
      try {
        return couponDto(await couponsRepository.insert(app.db, {
          code: body.code,
          discountBasisPoints: basisPoints(body.discountPercentage),
          expiresAt: expiry(body.expiredDate) ?? null,
          maxUses: body.numberOfUses ?? null,
          active: body.active ?? true,
        }));
      } catch (err) {
        if (isDuplicateCode(err)) throw duplicate();
        throw err;
      }
    },

    async list(q: { offset?: number; limit?: number; q?: string }) {
      const { rows, total } = await couponsRepository.list(app.db, { offset: q.offset ?? 0, limit: q.limit ?? 10, q: q.q });
      return { data: rows.map(couponDto), total };
    },

    async update(id: string, body: UpdateCouponBody) {
      if (!isUuid(id)) throw notFound(COUPON_NOT_FOUND);
      if (!Object.keys(body).length) throw badRequest('Give at least one field to change');
      try {
        const row = await couponsRepository.update(app.db, id, {
          code: body.code,
          discountBasisPoints: body.discountPercentage === undefined ? undefined : basisPoints(body.discountPercentage),
          expiresAt: expiry(body.expiredDate),
          maxUses: body.numberOfUses,
          active: body.active,
        });
        if (!row) throw notFound(COUPON_NOT_FOUND);
        return couponDto(row);
      } catch (err) {
        if (isDuplicateCode(err)) throw duplicate();
        throw err;
      }
    },
  };
}
