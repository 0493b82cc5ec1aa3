// @ts-check

/**
 * What the browser gets of antd's `form/context.js` (next.config.js `turbopack.rules`, browser only;
 * issue 17). Every antd input (Input, Select, Checkbox, Radio…) imports that file for the form item's
 * contexts, and it imports `FormProvider` from @rc-component/form's index, which brings the whole
 * form library with it (fields, lists, the store and async-validator: about 13 kB gzip) to pages
 * that have no antd Form at all. `FormProvider` lives in the library's `FormContext` module, the one
 * the index re-exports, so importing it from there is the same component and context, and the
 * library's other modules come only with antd's Form.
 */
const FROM = "import { FormProvider as RcFormProvider } from '@rc-component/form';";
const TO = "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';";

/** @param {string} source */
function formContextImport(source) {
  // An antd upgrade that changes the line fails the build here instead of shipping the whole library unnoticed.
  if (!source.includes(FROM)) throw new Error(`antd-form-context-browser-loader: antd's form/context.js no longer has: ${FROM}`);
  return source.replace(FROM, TO);
}

/** @param {string} source */
function antdFormContextBrowserLoader(source) {
  return formContextImport(source);
}

/** The one module it rewrites. */
const ANTD_FORM_CONTEXT = /(?:^|[\\/])node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;

module.exports = antdFormContextBrowserLoader;
module.exports.formContextImport = formContextImport;
module.exports.ANTD_FORM_CONTEXT = ANTD_FORM_CONTEXT;
