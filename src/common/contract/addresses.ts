import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Ok, Paging } from './common';

/** A fan keeps at most this many delivery addresses (422 beyond). */
export const ADDRESSES_MAX = 20;

export const ADDRESS_LIMITS = {
  name: 100,
  state: 100,
  city: 100,
  streetAddress: 200,
  postalCode: 20,
  phone: 30,
  description: 500,
} as const;

/** The fields of an address, as stored and as copied onto an order. */
export const DeliveryAddress = Type.Object({
  name: Type.String(),
  country: Type.String(),
  state: Type.String(),
  city: Type.String(),
  streetAddress: Type.String(),
  postalCode: Type.String(),
  phone: Type.String(),
  description: Type.String(),
});
export type DeliveryAddress = Static<typeof DeliveryAddress>;

/** A delivery address of the caller's. `country` is an ISO alpha-2 code (upper case). */
export const Address = Type.Object({
  _id: Type.String(),
  ...DeliveryAddress.properties,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Address = Static<typeof Address>;

const text = (max: number) => Type.String({ maxLength: max });
const fields = {
  name: text(ADDRESS_LIMITS.name),
  country: Type.String({ maxLength: 10 }),
  state: Type.Optional(text(ADDRESS_LIMITS.state)),
  city: text(ADDRESS_LIMITS.city),
  streetAddress: text(ADDRESS_LIMITS.streetAddress),
  postalCode: Type.Optional(text(ADDRESS_LIMITS.postalCode)),
  phone: Type.Optional(text(ADDRESS_LIMITS.phone)),
  description: Type.Optional(text(ADDRESS_LIMITS.description)),
};

/**
 * A new address: name (the recipient), country (two-letter code), city and street address are
 * required (blank after trimming is a 400 naming the field); the rest may be left empty.
 */
export const AddressBody = Type.Object(fields, { additionalProperties: false });
export type AddressBody = Static<typeof AddressBody>;

/** An edit: the fields sent replace the stored ones; required ones may not be blanked. */
export const UpdateAddressBody = Type.Partial(AddressBody, { additionalProperties: false });
export type UpdateAddressBody = Static<typeof UpdateAddressBody>;

export const AddressSearchQuery = Type.Object(
  {
    ...Paging(10),
  },
  { additionalProperties: false },
);
export type AddressSearchQuery = Static<typeof AddressSearchQuery>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const own = { auth: 'required', tags: ['addresses'] } as const;

/** The caller's own delivery addresses; someone else's id is a 404. */
export const addressRoutes = {
  create: defineRoute({
    ...own, method: 'POST', url: '/addresses/create', summary: `Add a delivery address (at most ${ADDRESSES_MAX})`,
    schema: { body: AddressBody, response: { 200: Envelope(Address), ...errors } },
  }),
  update: defineRoute({
    ...own, method: 'PUT', url: '/addresses/:id', summary: 'Edit one of my addresses',
    schema: { params: IdParams, body: UpdateAddressBody, response: { 200: Envelope(Address), ...errors } },
  }),
  search: defineRoute({
    ...own, method: 'GET', url: '/addresses/search', summary: 'My addresses, newest first',
    schema: { querystring: AddressSearchQuery, response: { 200: ListEnvelope(Address), ...errors } },
  }),
  remove: defineRoute({
    ...own, method: 'DELETE', url: '/addresses/:id', summary: 'Delete one of my addresses (orders keep their own copy)',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
};
