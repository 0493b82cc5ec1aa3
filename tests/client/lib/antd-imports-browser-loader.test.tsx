import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { render, screen } from '@testing-library/react';

/**
 * The browser's copies of antd's form/context.js and radio/group.js
 * (scripts/lib/antd-imports-browser-loader.js) take what they need of the form library without
 * its index: the same FormProvider, and the same default name for a radio group. Typography's
 * copy loads its in-place editor when someone edits.
 */
const { rewriteImports: formImports, ANTD_IMPORTS: ANTD_FORM_IMPORTS, REWRITES } = require('../../../scripts/lib/antd-imports-browser-loader.js') as {
  rewriteImports: (source: string, file: string) => string;
  ANTD_IMPORTS: RegExp[];
  REWRITES: { file: RegExp; from: string; to: string }[];
};

const antdEs = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const contextFile = path.join(antdEs, 'form/context.js');
const radioGroupFile = path.join(antdEs, 'radio/group.js');
const typographyFile = path.join(antdEs, 'typography/Base/index.js');

/**
 * The lines a rewrite puts in place of a module's import, run as the browser runs them: React in
 * scope and each dynamic `import(…)` answered by `load`, which records the specifier.
 */
function standInOf(file: string, load: (specifier: string) => Promise<unknown>): Record<string, unknown> {
  const rewrite = REWRITES.find((r) => r.file.test(file));
  if (!rewrite) throw new Error(`no rewrite for ${file}`);
  const out = formImports(fs.readFileSync(file, 'utf8'), file);
  expect(out).toContain(rewrite.to);
  expect(out).not.toContain(rewrite.from);
  const names = [...rewrite.to.matchAll(/^(?:const|let) (\w+)/gm)].map((m) => m[1]);
  return new Function('React', 'load', `${rewrite.to.replace(/import\(/g, 'load(')}; return { ${names.join(', ')} };`)(React, load) as Record<string, unknown>;
}

const rewrites = (file: string) => ANTD_FORM_IMPORTS.some((r) => r.test(file));

it('rewrites antd’s form context, radio group and typography, and only them', () => {
  expect(rewrites(contextFile)).toBe(true);
  expect(rewrites(radioGroupFile)).toBe(true);
  expect(rewrites(typographyFile)).toBe(true);
  expect(rewrites(path.join(antdEs, 'typography/Editable.js'))).toBe(false);
  // Turbopack may hand the loader a path relative to the project.
  expect(rewrites(path.relative(process.cwd(), radioGroupFile))).toBe(true);
  expect(rewrites(path.join(antdEs, 'form/Form.js'))).toBe(false);
  expect(rewrites(path.join(antdEs, 'radio/radio.js'))).toBe(false);
  const unrelated = "import x from '@rc-component/form';";
  expect(formImports(unrelated, path.join(antdEs, 'form/Form.js'))).toBe(unrelated);
});

it('imports the same FormProvider the form library’s index exports', () => {
  const out = formImports(fs.readFileSync(contextFile, 'utf8'), contextFile);
  expect(out).toContain("from '@rc-component/form/es/FormContext'");
  expect(out).not.toMatch(/from '@rc-component\/form'/);
  // The es files cannot run here; their lib twins are the same modules as CommonJS.
  const fromIndex = jest.requireActual('@rc-component/form/lib').FormProvider;
  const fromModule = jest.requireActual('@rc-component/form/lib/FormContext').FormProvider;
  expect(fromModule).toBeDefined();
  expect(fromModule).toBe(fromIndex);
  expect(fs.existsSync(path.join(path.dirname(require.resolve('@rc-component/form/package.json')), 'es/FormContext.js'))).toBe(true);
});

it('gives a radio group the default name antd’s own helper gives', () => {
  const out = formImports(fs.readFileSync(radioGroupFile, 'utf8'), radioGroupFile);
  expect(out).not.toContain('form/hooks/useForm');
  const helper = /const toNamePathStr = (.*);/.exec(out)?.[1];
  expect(helper).toBeDefined();
  const { toArray } = jest.requireActual('antd/lib/form/util');
  const standIn = new Function('toNamePath', `return ${helper};`)(toArray) as (name: unknown) => string;
  const { toNamePathStr } = jest.requireActual('antd/lib/form/hooks/useForm');
  for (const name of [undefined, false, 'plan', 0, ['items', 2, 'kind'], []]) expect(standIn(name)).toBe(toNamePathStr(name));
});

it('gives Typography its in-place editor once someone edits', async () => {
  // Its dynamic import answered by antd's own editor.
  const { default: AntdEditable } = jest.requireActual('antd/lib/typography/Editable');
  const loads: string[] = [];
  const { Editable } = standInOf(typographyFile, (specifier) => {
    loads.push(specifier);
    return Promise.resolve({ default: AntdEditable });
  }) as { Editable: React.ComponentType<Record<string, unknown>> };
  expect(loads).toEqual([]);
  render(<Editable prefixCls="ant-typography" value="Sunset" classNames={{}} styles={{}} onSave={() => undefined} onCancel={() => undefined} />);
  expect(await screen.findByRole('textbox')).toHaveValue('Sunset');
  expect(loads).toEqual(['../Editable']);
});

it('fails loudly when antd changes a line', () => {
  expect(() => formImports("import { FormProvider } from '@rc-component/form';", contextFile)).toThrow(/no longer has/);
  expect(() => formImports("import { toNamePathStr } from '../form/hooks/useFormV2';", radioGroupFile)).toThrow(/no longer has/);
  expect(() => formImports("import Editable from './Editable';", typographyFile)).toThrow(/no longer has/);
});
