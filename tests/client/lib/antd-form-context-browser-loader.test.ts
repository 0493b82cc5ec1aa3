import fs from 'node:fs';
import path from 'node:path';

/**
 * The browser's copy of antd's form/context.js (scripts/lib/antd-form-context-browser-loader.js)
 * imports FormProvider from @rc-component/form's own FormContext module instead of its index: it
 * must be the very component the index exports, so forms and their providers share one context.
 */
const { formContextImport, ANTD_FORM_CONTEXT } = require('../../../scripts/lib/antd-form-context-browser-loader.js') as {
  formContextImport: (source: string) => string;
  ANTD_FORM_CONTEXT: RegExp;
};

const contextFile = path.join(path.dirname(require.resolve('antd/package.json')), 'es/form/context.js');

it('rewrites antd’s form context, and only it', () => {
  expect(ANTD_FORM_CONTEXT.test(contextFile)).toBe(true);
  expect(ANTD_FORM_CONTEXT.test(path.join(path.dirname(contextFile), 'Form.js'))).toBe(false);
  const out = formContextImport(fs.readFileSync(contextFile, 'utf8'));
  expect(out).toContain("from '@rc-component/form/es/FormContext'");
  expect(out).not.toMatch(/from '@rc-component\/form'/);
});

it('imports the same FormProvider the form library’s index exports', () => {
  // The es files cannot run here; their lib twins are the same modules as CommonJS.
  const fromIndex = jest.requireActual('@rc-component/form/lib').FormProvider;
  const fromModule = jest.requireActual('@rc-component/form/lib/FormContext').FormProvider;
  expect(fromModule).toBeDefined();
  expect(fromModule).toBe(fromIndex);
  expect(fs.existsSync(path.join(path.dirname(require.resolve('@rc-component/form/package.json')), 'es/FormContext.js'))).toBe(true);
});

it('fails loudly when antd changes the line', () => {
  expect(() => formContextImport("import { FormProvider } from '@rc-component/form';")).toThrow(/no longer has/);
});
