// @ts-check

/**
 * Imports that the browser's copies of a few antd modules make differently (next.config.js
 * `turbopack.rules`, browser only; issue 17), each to keep code out of pages that never run it.
 *
 * The two antd modules outside antd's Form that import the form library named its index, which
 * brings all of it (fields, lists, the store and async-validator: about 13 kB gzip) to pages that
 * have no antd Form at all:
 * - `form/context.js`, imported by every antd input (Input, Select, Checkbox, Radio…) for the form
 *   item's contexts, needs only `FormProvider`: it lives in the library's `FormContext` module, the
 *   one the index re-exports, so importing it from there is the same component and context.
 * - `radio/group.js` needs only `toNamePathStr` (a form item's name as the group's default name)
 *   from antd's `form/hooks/useForm.js`, which imports the library's `useForm`: the group gets
 *   the same two-line function on antd's own `toArray` instead.
 *
 * Typography (`typography/Base/index.js`, behind every Text, Title and Paragraph) imports its
 * in-place editor, and with it antd's TextArea and rc-input (about 6 kB gzip), for the `editable`
 * prop that one studio grid uses: the editor shows only while someone edits (never in a server
 * render), so the browser loads it then, behind a Suspense boundary of its own.
 *
 * An antd upgrade that changes one of these lines fails the build here instead of shipping the
 * code again unnoticed.
 */
const REWRITES = [
  {
    file: /(?:^|[\\/])node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    file: /(?:^|[\\/])node_modules[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    from: "import { toNamePathStr } from '../form/hooks/useForm';",
    to: "import { toArray as toNamePath } from '../form/util';\nconst toNamePathStr = (name) => toNamePath(name).join('_');",
  },
  {
    file: /(?:^|[\\/])node_modules[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    from: "import Editable from '../Editable';",
    to: [
      "const LazyEditable = /*#__PURE__*/React.lazy(() => import('../Editable'));",
      'const Editable = (props) => /*#__PURE__*/React.createElement(React.Suspense, { fallback: null }, /*#__PURE__*/React.createElement(LazyEditable, props));',
    ].join('\n'),
  },
];

/** The modules it rewrites, for next.config.js. */
const ANTD_IMPORTS = REWRITES.map((r) => r.file);

/**
 * @param {string} source
 * @param {string} file the module's path
 */
function rewriteImports(source, file) {
  const rewrite = REWRITES.find((r) => r.file.test(file));
  if (!rewrite) return source;
  if (!source.includes(rewrite.from)) throw new Error(`antd-imports-browser-loader: ${file} no longer has: ${rewrite.from}`);
  return source.replace(rewrite.from, rewrite.to);
}

/**
 * @this {{ resourcePath: string }}
 * @param {string} source
 */
function antdImportsBrowserLoader(source) {
  return rewriteImports(source, this.resourcePath);
}

module.exports = antdImportsBrowserLoader;
module.exports.rewriteImports = rewriteImports;
module.exports.ANTD_IMPORTS = ANTD_IMPORTS;
module.exports.REWRITES = REWRITES;
