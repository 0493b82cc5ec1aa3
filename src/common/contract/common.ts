import { Type, type TSchema, type Static } from 'typebox';

/** Success body: `{ data: <payload> }` (DESIGN.md section 3). */
export const Envelope = <T extends TSchema>(payload: T) => Type.Object({ data: payload });

/** List payload: `{ data: { data: [...], total } }`. */
export const ListEnvelope = <T extends TSchema>(item: T) =>
  Envelope(Type.Object({ data: Type.Array(item), total: Type.Integer({ minimum: 0 }) }));

/** `T` or `null`: a field that is always present but may be empty. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** An ISO 8601 timestamp as the API writes them (`toISOString()`). */
export const DateTime = Type.String({ format: 'date-time' });

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  details: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
  ),
  /** 402 only: how many tokens the wallet lacks. */
  missingAmount: Type.Optional(Type.Number()),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const Ok = Envelope(Type.Object({ success: Type.Boolean() }));

/** The deepest `offset` any list accepts: deeper pages are a search, not paging (README "Input rules"). */
export const MAX_LIST_OFFSET = 100_000;
/** The largest page any list answers. */
export const MAX_LIST_LIMIT = 100;

/**
 * The paging fields of every list query, one definition: `offset` 0..MAX_LIST_OFFSET and `limit`
 * 1..MAX_LIST_LIMIT (default `defaultLimit`). Spread into a query object: `{ ...Paging(12), q }`.
 */
export const Paging = (defaultLimit = 10) => ({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT, default: defaultLimit })),
});

/** Shared list query: offset/limit paging and updatedAt-desc default sort. */
export const ListQuery = Type.Object({
  ...Paging(10),
  sortBy: Type.Optional(Type.String({ maxLength: 50, default: 'updatedAt' })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
});
export type ListQuery = Static<typeof ListQuery>;

/** A uuid as the API writes them (any case accepted). Words for it: src/server/plugins/errors.ts. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const Uuid = (options: { description?: string } = {}) => Type.String({ pattern: UUID_PATTERN, ...options });

/**
 * The path id of an object route: a uuid, so a malformed id answers the same 400 "id must be a
 * valid uuid" on every route, before any handler runs.
 */
export const IdParams = Type.Object({ id: Uuid() });

/** The answer of a "count a view" call (videos, creator profiles). */
export const ViewResult = Type.Object({
  views: Type.Integer({ minimum: 0 }),
  /** False when this viewer's view was already counted within the window (or it is the creator's own). */
  counted: Type.Boolean(),
});

/**
 * The few path keys that take an id OR a name (`/users/view/{id}` username, `/posts/{id}` slug,
 * `/streaming/join/{id}` creator username): free text; the service looks a uuid up by id.
 */
export const KeyParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * A text field trimmed BEFORE it is validated (ajv keyword `x-trim`, src/server/plugins/input.ts):
 * `"   "` fails `minLength: 1` instead of being stored empty. Passwords are never trimmed.
 */
export const TrimmedString = (options: Parameters<typeof Type.String>[0] = {}) => Type.String({ ...options, 'x-trim': true });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  headers?: TSchema;
  response: Record<number, TSchema>;
}

export interface RouteDef<S extends RouteSchema = RouteSchema> {
  method: HttpMethod;
  url: string;
  /** Needs a signed-in user; the server answers 401 without one. */
  auth: 'required' | 'optional' | 'none';
  /** Only these roles may call it (403 otherwise). Implies auth 'required'. */
  roles?: readonly ('user' | 'performer' | 'admin')[];
  /** Multipart form bodies are parsed by the handler, not validated by a JSON schema. */
  multipart?: boolean;
  /** Moves money: honours an `Idempotency-Key` header (src/server/plugins/idempotency.ts). */
  idempotent?: boolean;
  summary: string;
  tags: readonly string[];
  schema: S;
}

/** Identity helper that keeps the literal types of a route definition for inference. */
export const defineRoute = <const S extends RouteSchema>(def: RouteDef<S>): RouteDef<S> => def;

/** The payload type of a route's 200 (or 201) response, unwrapped from the envelope. */
export type ResponseOf<R extends RouteDef> =
  R['schema']['response'] extends { 200: infer T extends TSchema }
    ? Static<T> extends { data: infer D } ? D : never
    : R['schema']['response'] extends { 201: infer T extends TSchema }
      ? Static<T> extends { data: infer D } ? D : never
      : never;

export type BodyOf<R extends RouteDef> = R['schema']['body'] extends TSchema ? Static<R['schema']['body']> : never;
export type QueryOf<R extends RouteDef> = R['schema']['querystring'] extends TSchema
  ? Static<R['schema']['querystring']>
  : never;
