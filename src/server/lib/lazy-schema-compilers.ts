import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/* eslint-disable @typescript-eslint/no-explicit-any -- Fastify's compiler factories are untyped functions of functions */
type RouteSchemaInput = Record<string, unknown>;
type CompiledFn = ((...args: any[]) => any) & { errors?: unknown; schemaEnv?: unknown };
type Compiler = (route: RouteSchemaInput) => CompiledFn;
type CompilerFactory = (...args: any[]) => Compiler;

/**
 * A compiled function made on its first call instead of at start-up. The API has about 280 routes,
 * each with request validators (ajv) and a serializer per answered status (fast-json-stringify);
 * compiling them all took most of a boot (about 0.8 s of a test server's 4 s, longer in production
 * start-up) while a process, and above all a test file, calls only some of them. Fastify reads
 * `errors` after a failed validation and `schemaEnv` before calling a validator (to let ajv change a
 * root value): both are forwarded, compiling then if needed.
 */
function lazily(compile: Compiler, route: RouteSchemaInput): CompiledFn {
  let real: CompiledFn | undefined;
  const get = () => (real ??= compile(route));
  const fn = function (this: unknown, ...args: unknown[]) {
    return get().apply(this, args);
  } as CompiledFn;
  Object.defineProperty(fn, 'errors', { get: () => get().errors });
  Object.defineProperty(fn, 'schemaEnv', { get: () => get().schemaEnv });
  return fn;
}

const lazyFactory = (factory: CompilerFactory): CompilerFactory => (...args) => {
  const compile = factory(...args);
  return (route) => lazily(compile, route);
};

/**
 * Fastify's own validator and serializer compilers (same options, same results), compiled per route
 * on first use. Given as custom compilers, so Fastify passes header schemas as written instead of
 * lower-casing their keys: the contract has none; one added must name its headers in lower case.
 */
export const lazySchemaCompilers = {
  buildValidator: lazyFactory(AjvCompiler() as CompilerFactory),
  buildSerializer: lazyFactory(SerializerSelector() as CompilerFactory),
};
