// @ts-check
const path = require('node:path');
const ts = require('typescript');

/**
 * What the browser gets of an antd component's style module (`antd/es/<component>/style/*.js` and
 * the click wave's `_util/wave/style.js`; next.config.js `turbopack.rules`, browser only; issue 17).
 *
 * Such a module holds the component's style generator: functions that turn the design tokens into
 * CSS rules, registered at run time by the hook that `genStyleHooks` makes of them. This web never
 * runs them in the browser: every rule is in the static stylesheet built once
 * (scripts/lib/antd-stylesheet.ts) and linked by every page, and the browser found them already
 * there. Their code still shipped, about 40 kB gzip on every page drawn with antd. Here the module
 * keeps its exports that other code uses and loses its generators:
 * - a hook or sub-style component made by `genStyleHooks`, `genComponentStyleHook` or
 *   `genSubStyleComponent` (directly, or by a function that calls one: Menu's and Tooltip's hooks)
 *   becomes the matching stand-in of src/client/theme/antd-static-style.ts, named by its cssinjs path;
 * - a string or number constant (a CSS variable's name) stays as written;
 * - the rest (the generators, token helpers) is dropped: only other style modules used them, and a
 *   component importing one would fail the build instead of drawing unstyled.
 * Server rendering and the stylesheet's extraction see antd as published.
 */
const STAND_INS = /** @type {const} */ ({
  genStyleHooks: 'staticStyleHooks',
  genComponentStyleHook: 'staticStyleHook',
  genSubStyleComponent: 'staticSubStyle',
});
/**
 * The modules it rewrites: a component's style folder and the wave's style file. antd's shared style
 * helpers (`es/style`: placement arrows are computed at run time) and ConfigProvider's icon reset
 * (a re-export of antd's theme) stay whole.
 */
const ANTD_STYLE_MODULE =
  /(?:^|[\\/])node_modules[\\/]antd[\\/]es[\\/](?!style[\\/]|config-provider[\\/]|theme[\\/])(?:[^\\/]+[\\/])*(?:style[\\/][^\\/]+|wave[\\/]style)\.js$/;
const STAND_IN_MODULE = path.join(__dirname, '../../src/client/theme/antd-static-style.ts');

/**
 * Each stand-in is named by its style's cssinjs path behind this prefix, which stays in the browser's
 * chunks: tests/e2e/web-budget.e2e.ts checks that the static stylesheet holds every style named there.
 */
const STYLE_PATH_PREFIX = 'antd-style:';

/** @typedef {{ standIn: string, stylePath: string }} Generated */

/** The cssinjs path of a generator call's first argument: 'Badge' → Badge-Badge, ['Tag', 'Preset'] → Tag-Preset. */
function stylePathOf(/** @type {ts.Expression | undefined} */ arg) {
  if (arg && ts.isStringLiteralLike(arg)) return `${arg.text}-${arg.text}`;
  if (arg && ts.isArrayLiteralExpression(arg) && arg.elements.every(ts.isStringLiteralLike)) {
    return arg.elements.map((e) => /** @type {ts.StringLiteralLike} */ (e).text).join('-');
  }
  throw new Error(`antd-style-browser-loader: a style generator named by ${arg ? arg.getText() : 'nothing'}`);
}

/** The first style-generator call in `node` (itself, or inside a function's body). @returns {Generated | undefined} */
function generatorIn(/** @type {ts.Node} */ node) {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in STAND_INS) {
    const standIn = STAND_INS[/** @type {keyof typeof STAND_INS} */ (node.expression.text)];
    return { standIn, stylePath: stylePathOf(node.arguments[0]) };
  }
  return ts.forEachChild(node, generatorIn);
}

/** @param {ts.Node | undefined} node @returns {string | undefined} */
function constantText(node) {
  if (!node) return undefined;
  if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node)) return node.getText();
  return undefined;
}

/**
 * @param {string} source
 * @param {string} fileName
 * @param {string} standInModule the import specifier of antd-static-style
 */
function styleStandIn(source, fileName, standInModule) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  /** Top-level declarations by name: what `export default useStyle` and `export { a }` refer to. */
  const declared = new Map();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) declared.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declared.set(d.name.text, d.initializer);
    }
  }
  /** @type {string[]} */
  const lines = [];
  /** @type {Set<string>} */
  const standInsUsed = new Set();
  /** @param {string} exported @param {ts.Node | undefined} value */
  const keep = (exported, value) => {
    if (value && ts.isIdentifier(value) && declared.has(value.text)) value = declared.get(value.text);
    const constant = constantText(value);
    const generated = value && !constant ? generatorIn(value) : undefined;
    const target = exported === 'default' ? 'export default ' : `export const ${exported} = `;
    if (constant) lines.push(`${target}${constant};`);
    else if (generated) {
      standInsUsed.add(generated.standIn);
      lines.push(`${target}${generated.standIn}(${JSON.stringify(STYLE_PATH_PREFIX + generated.stylePath)});`);
    }
  };
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) keep('default', statement.expression);
    else if (ts.isFunctionDeclaration(statement) && statement.name && hasExport(statement)) {
      keep(hasDefault(statement) ? 'default' : statement.name.text, statement);
    } else if (ts.isVariableStatement(statement) && hasExport(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) keep(d.name.text, d.initializer);
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier) lines.push(statement.getText()); // a re-export: that module gets the same treatment
      else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const e of statement.exportClause.elements) keep(e.name.text, declared.get((e.propertyName ?? e.name).text));
      }
    }
  }
  const imports = standInsUsed.size ? [`import { ${[...standInsUsed].sort().join(', ')} } from ${JSON.stringify(standInModule)};`] : [];
  return [...imports, ...lines, ''].join('\n');
}

/** @param {ts.Node} node */
const modifiers = (node) => (ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : []);
/** @param {ts.Node} node */
const hasExport = (node) => modifiers(node).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
/** @param {ts.Node} node */
const hasDefault = (node) => modifiers(node).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** @this {{ resourcePath: string }} @param {string} source */
function antdStyleBrowserLoader(source) {
  let specifier = path.relative(path.dirname(this.resourcePath), STAND_IN_MODULE).split(path.sep).join('/');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  return styleStandIn(source, this.resourcePath, specifier);
}

module.exports = antdStyleBrowserLoader;
module.exports.styleStandIn = styleStandIn;
module.exports.ANTD_STYLE_MODULE = ANTD_STYLE_MODULE;
module.exports.STYLE_PATH_PREFIX = STYLE_PATH_PREFIX;
