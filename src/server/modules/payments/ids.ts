const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route ids are free text; a non-uuid would make PostgreSQL fail, so it is "not found" first. */
export const isUuid = (id: string): boolean => UUID.test(id);
