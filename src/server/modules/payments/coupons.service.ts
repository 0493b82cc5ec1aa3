import type { FastifyInstance } from 'fastify';
import type { CouponRedemption, CreateCouponBody, UpdateCouponBody } from '../../../common/contract/payments';
import { fromCents, hasAtMostTwoDecimals } from '../../../common/lib/money';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import { couponsRepository, isDuplicateCode, type CouponRow } from './coupons.repository';
import { appliedCouponDto, couponDto } from './payment.dto';
import { isUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { toUserPublic } from '../users/user-public.dto';

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

/** The fields an audit row shows of a coupon (API words, so before/after read like the console). */
const audited = (c: CouponRow) => {
  const { _id: _, createdAt: _c, updatedAt: _u, usedCount: _n, ...fields } = couponDto(c);
  return fields;
};

/** Only what an edit changed, as it was and as it is (the audit row's before/after). */
function changes(before: ReturnType<typeof audited>, after: ReturnType<typeof audited>) {
  const keys = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

export function createCouponsService(app: FastifyInstance) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const duplicate = () => conflict('A coupon with this code already exists', [{ field: 'code', message: 'A coupon with this code already exists' }]);
  return {
    async apply(userId: string, code: string) {
      return appliedCouponDto(await usableCoupon(app.db, userId, code));
    },

    /** An operator write: the coupon and its audit row ('coupon.create') in one transaction. */
    async create(actor: AuditActor, body: CreateCouponBody) {
      const values = {
        code: body.code,
        discountBasisPoints: basisPoints(body.discountPercentage),
        expiresAt: expiry(body.expiredDate) ?? null,
        maxUses: body.numberOfUses ?? null,
        active: body.active ?? true,
      };
      try {
        return couponDto(await app.db.transaction(async (tx) => {
          const row = await couponsRepository.insert(tx, values);
          await app.audit.record(tx, actor, { action: 'coupon.create', targetType: 'coupon', targetId: row.id, before: null, after: audited(row) });
          return row;
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

    /**
     * An operator's edit (deactivating is `active: false`), audited as 'coupon.update' with the
     * changed fields only, in the edit's transaction. A limit below the uses already made is a 422.
     */
    async update(actor: AuditActor, id: string, body: UpdateCouponBody) {
      if (!isUuid(id)) throw notFound(COUPON_NOT_FOUND);
      if (!Object.keys(body).length) throw badRequest('Give at least one field to change');
      const patch = {
        code: body.code,
        discountBasisPoints: body.discountPercentage === undefined ? undefined : basisPoints(body.discountPercentage),
        expiresAt: expiry(body.expiredDate),
        maxUses: body.numberOfUses,
        active: body.active,
      };
      try {
        return couponDto(await app.db.transaction(async (tx) => {
          const current = await couponsRepository.lock(tx, id);
          if (!current) throw notFound(COUPON_NOT_FOUND);
          if (typeof patch.maxUses === 'number' && patch.maxUses < current.usedCount) {
            const message = `This coupon was used ${current.usedCount} times already: allow at least ${current.usedCount} uses`;
            throw unprocessable(message, [{ field: 'numberOfUses', message }]);
          }
          const row = (await couponsRepository.update(tx, id, patch))!;
          const diff = changes(audited(current), audited(row));
          await app.audit.record(tx, actor, { action: 'coupon.update', targetType: 'coupon', targetId: row.id, ...diff });
          return row;
        }));
      } catch (err) {
        if (isDuplicateCode(err)) throw duplicate();
        throw err;
      }
    },

    /** Who used the coupon, when, and the payment (404 for an unknown coupon). */
    async redemptions(id: string, q: { offset?: number; limit?: number }): Promise<{ data: CouponRedemption[]; total: number }> {
      const coupon = isUuid(id) ? await couponsRepository.findById(app.db, id) : null;
      if (!coupon) throw notFound(COUPON_NOT_FOUND);
      const { rows, total } = await couponsRepository.redemptions(app.db, coupon.id, { offset: q.offset ?? 0, limit: q.limit ?? 20 });
      return {
        data: rows.map(({ redemption, user, payment }) => ({
          user: user ? toUserPublic(urls, user) : null,
          createdAt: redemption.createdAt.toISOString(),
          payment: payment ? {
            _id: payment.id,
            kind: payment.kind,
            status: payment.status,
            originalPrice: fromCents(payment.amountCents),
            discount: fromCents(payment.discountCents),
            totalPrice: fromCents(payment.amountCents - payment.discountCents),
            description: payment.description,
          } : null,
        })),
        total,
      };
    },
  };
}
