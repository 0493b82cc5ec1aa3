/**
 * What browser bundles get for `typebox` (next.config.js `turbopack.resolveAlias`, browser only).
 *
 * The contracts in src/common describe every route with TypeBox schemas; the API compiles them into
 * validators, the web only needs their types (`Static<…>`) and the routes' methods and paths.
 * The real builder costs about 20 kB gzip on every page for schemas nobody reads in a browser, so
 * this stand-in builds empty schemas. It keeps one thing contracts do read at module load:
 * an object schema's `properties` (`{ ...ListQuery.properties, q }`). Types still come from the real
 * package (`import type` is erased), and server rendering uses the real package.
 */
type Schema = { properties?: Record<string, unknown> };

const propertiesOf = (value: unknown): Record<string, unknown> =>
  (value && typeof value === 'object' ? (value as Schema).properties : undefined) ?? {};

const builders: Record<string, (...args: unknown[]) => Schema> = {
  Object: (properties) => ({ properties: (properties as Record<string, unknown>) ?? {} }),
  Partial: (schema) => ({ properties: propertiesOf(schema) }),
  Required: (schema) => ({ properties: propertiesOf(schema) }),
  Optional: (schema) => (schema as Schema) ?? {},
};

export const Type = new Proxy(builders, {
  get: (target, name: string) => target[name] ?? (() => ({})),
});

export default { Type };
