// @ts-check
const ts = require('typescript');

/**
 * What the browser gets of src/common/contract/*.ts (next.config.js `turbopack.rules`, browser only;
 * issue 17). A contract file describes every route with TypeBox schemas, a summary and tags for the
 * API's OpenAPI document; the browser reads a route's `method` and `url` and nothing else
 * (src/client/lib/call-route.ts), and its TypeBox is a stand-in that builds empty schemas
 * (src/client/lib/typebox-browser.ts). So here every `Type.X(…)` loses its arguments and every
 * `defineRoute({…})` keeps only `method` and `url`: the schemas are never declared at all instead
 * of declared and built empty, which took about 18 kB gzip off every page's first load.
 * Types are untouched (`Static<…>` is erased anyway); server rendering and the API see the file as
 * written. Everything else a contract exports (constants, helpers) stays as it is.
 */
const KEPT_ROUTE_FIELDS = new Set(['method', 'url']);

/** @param {ts.Node} node */
const isTypeBuilderCall = (node) =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === 'Type';

/** @param {ts.Node} node */
const isRouteDefinition = (node) =>
  ts.isCallExpression(node) &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === 'defineRoute' &&
  node.arguments.length === 1 &&
  ts.isObjectLiteralExpression(node.arguments[0]);

/** @param {string} source @param {string} fileName */
function stripContract(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  /** @type {ts.TransformerFactory<ts.SourceFile>} */
  const transformer = (context) => (root) => {
    const { factory } = context;
    /** @param {ts.Node} node @returns {ts.Node} */
    const visit = (node) => {
      if (isTypeBuilderCall(node)) {
        const call = /** @type {ts.CallExpression} */ (node);
        return factory.updateCallExpression(call, call.expression, call.typeArguments, []);
      }
      if (isRouteDefinition(node)) {
        const call = /** @type {ts.CallExpression} */ (node);
        const definition = /** @type {ts.ObjectLiteralExpression} */ (call.arguments[0]);
        // `url: '/…'` and a helper's shorthand `url` alike (messaging's upload routes).
        const kept = definition.properties.filter(
          (p) =>
            (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
            ts.isIdentifier(p.name) &&
            KEPT_ROUTE_FIELDS.has(p.name.text),
        );
        return factory.updateCallExpression(call, call.expression, call.typeArguments, [
          factory.updateObjectLiteralExpression(definition, kept),
        ]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return /** @type {ts.SourceFile} */ (ts.visitNode(root, visit));
  };
  const result = ts.transform(file, [transformer]);
  const out = ts.createPrinter({ removeComments: true }).printFile(result.transformed[0]);
  result.dispose();
  return out;
}

/** @this {{ resourcePath: string }} @param {string} source */
function contractBrowserLoader(source) {
  return stripContract(source, this.resourcePath);
}

module.exports = contractBrowserLoader;
module.exports.stripContract = stripContract;
