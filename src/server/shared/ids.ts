import { badRequest } from '../lib/http-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route ids are free text in the contracts; a non-uuid would make PostgreSQL fail, so check first. */
export const isUuid = (id: string): boolean => UUID.test(id);

/** A uuid route param or field, lower-cased; 400 naming the field otherwise. */
export function requireUuid(value: string, field = 'id'): string {
  if (!isUuid(value)) {
    const message = `${field} must be a valid uuid`;
    throw badRequest(message, [{ field, message }]);
  }
  return value.toLowerCase();
}
