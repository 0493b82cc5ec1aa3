import type { FastifyInstance } from 'fastify';

export const VISA_OK = '4242424242424242';
export const VISA_DECLINE = '4000000000000002';
export const VISA_NO_FUNDS = '4000000000009995';

export const newCard = (number = VISA_OK, extra: Record<string, unknown> = {}) => ({
  number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', holderName: 'Pat Payer', ...extra,
});

export async function topUp(app: FastifyInstance, token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/payment/wallet/top-up', headers: { authorization: token, ...headers }, payload });
}

export async function addCard(app: FastifyInstance, token: string, number = VISA_OK) {
  const res = await app.inject({ method: 'POST', url: '/stripe/cards', headers: { authorization: token }, payload: newCard(number) });
  if (res.statusCode !== 200) throw new Error(`add card failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; last4: string };
}

export async function createCoupon(app: FastifyInstance, adminToken: string, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/admin/coupons', headers: { authorization: adminToken }, payload: body });
  if (res.statusCode !== 200) throw new Error(`create coupon failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; code: string };
}
