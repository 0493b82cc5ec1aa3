import type { FastifyInstance } from 'fastify';
import worldCountries from 'world-countries';
import {
  ADDRESSES_MAX,
  type Address,
  type AddressBody,
  type AddressSearchQuery,
  type UpdateAddressBody,
} from '../../../common/contract/addresses';
import { badRequest, notFound, unprocessable, type FieldProblem } from '../../lib/http-error';
import { addressesRepository, type AddressRow, type AddressValues } from './addresses.repository';
import { requireUuid } from '../../shared/ids';

const COUNTRIES = new Set(worldCountries.map((c) => c.cca2));
const REQUIRED: Record<'name' | 'city' | 'streetAddress', string> = {
  name: 'Please enter the recipient\'s name',
  city: 'Please enter a city',
  streetAddress: 'Please enter a street address',
};
// Control characters (NUL cannot even be stored) are dropped; line breaks have no place in an address line.
// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();

export const ADDRESS_NOT_FOUND = 'Address not found';

export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    name: row.name,
    country: row.country,
    state: row.state,
    city: row.city,
    streetAddress: row.streetAddress,
    postalCode: row.postalCode,
    phone: row.phone,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Trims and checks the fields given; with `complete` every required field must be present.
 * All problems are reported in one 400 with `details`.
 */
function normalise(body: UpdateAddressBody, complete: boolean): Partial<AddressValues> {
  const out: Partial<AddressValues> = {};
  const problems: FieldProblem[] = [];
  for (const [key, raw] of Object.entries(body) as [keyof AddressValues, string | undefined][]) {
    if (raw === undefined) continue;
    out[key] = key === 'description' ? raw.trim() : clean(raw);
  }
  for (const [field, message] of Object.entries(REQUIRED) as [keyof typeof REQUIRED, string][]) {
    if ((complete || out[field] !== undefined) && !out[field]) problems.push({ field, message });
  }
  if (complete || out.country !== undefined) {
    const code = (out.country ?? '').toUpperCase();
    if (!code) problems.push({ field: 'country', message: 'Please choose a country' });
    else if (!COUNTRIES.has(code)) problems.push({ field: 'country', message: `Unknown country code: ${out.country}` });
    else out.country = code;
  }
  if (out.phone && !/^\+?[0-9 ().-]{3,30}$/.test(out.phone)) {
    problems.push({ field: 'phone', message: 'Phone may contain digits, spaces, brackets, dots, dashes and a leading +' });
  }
  if (problems.length) throw badRequest(problems[0].message, problems);
  return out;
}

/** The caller's delivery addresses (spec 7 "Addresses"). Someone else's id is a 404 like an unknown one. */
export function createAddressesService(app: Pick<FastifyInstance, 'db'>) {
  const { db } = app;
  return {
    async create(userId: string, body: AddressBody): Promise<Address> {
      const values = normalise(body, true) as AddressValues;
      const row = await db.transaction(async (tx) => {
        await addressesRepository.lockOwner(tx, userId);
        if ((await addressesRepository.countOf(tx, userId)) >= ADDRESSES_MAX) {
          throw unprocessable(`You can keep at most ${ADDRESSES_MAX} addresses: delete one you no longer use first`);
        }
        return addressesRepository.insert(tx, userId, values);
      });
      return toAddress(row);
    },

    async update(userId: string, id: string, body: UpdateAddressBody): Promise<Address> {
      const addressId = requireUuid(id);
      const patch = normalise(body, false);
      const row = Object.keys(patch).length
        ? await addressesRepository.update(db, userId, addressId, patch)
        : await addressesRepository.findOwn(db, userId, addressId);
      if (!row) throw notFound(ADDRESS_NOT_FOUND);
      return toAddress(row);
    },

    async list(userId: string, query: AddressSearchQuery) {
      const { rows, total } = await addressesRepository.list(db, userId, { offset: query.offset ?? 0, limit: query.limit ?? 10 });
      return { data: rows.map(toAddress), total };
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await addressesRepository.remove(db, userId, requireUuid(id)))) throw notFound(ADDRESS_NOT_FOUND);
    },
  };
}
