import crypto from 'node:crypto';
import type { Order } from '../../../common/contract/orders';
import type { DeliveryAddress } from '../../db/schema';
import type { AddressRow } from '../addresses/addresses.repository';
import type { OrderWithParties } from './orders.repository';

const party = (p: { id: string; name: string; username: string | null }) => ({ _id: p.id, name: p.name, username: p.username });

export function toOrder({ order, buyer, seller, note }: OrderWithParties): Order {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    productId: order.productId,
    productName: order.productName,
    productType: order.productType,
    quantity: order.quantity,
    unitPrice: order.unitPriceCents / 100,
    totalPrice: order.totalCents / 100,
    status: order.status,
    deliveryAddress: order.deliveryAddress ?? null,
    trackingCode: order.trackingCode,
    buyer: party(buyer),
    performer: party(seller),
    note: note || null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The copy an order keeps, so later edits or deletion of the address do not change where it went. */
export const snapshotOf = (a: AddressRow): DeliveryAddress => ({
  name: a.name,
  country: a.country,
  state: a.state,
  city: a.city,
  streetAddress: a.streetAddress,
  postalCode: a.postalCode,
  phone: a.phone,
  description: a.description,
});

// Crockford's base32: no I, L, O, U, so a number read over the phone is not misheard.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `ORD-20261123-7K3M9QXA`: the day it was placed (UTC) and 40 random bits; the unique index backs it. */
export function newOrderNumber(now = new Date()): string {
  const bytes = crypto.randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 0; i < 8; i += 1) code = BASE32[Number((bits >> BigInt(i * 5)) & 31n)] + code;
  return `ORD-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${code}`;
}
