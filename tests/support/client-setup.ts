import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import './jsdom-polyfills';

// antd forms re-render slowly under jsdom on a busy 2-core CI machine; a second is not always
// enough for a findBy/waitFor to see an answer that is already on its way.
configure({ asyncUtilTimeout: 5000 });

/**
 * antd's CSS-in-JS writes thousands of style rules into the document. jsdom then matches every rule's
 * selector against elements whenever something asks for a computed style, which Testing Library does
 * for each element it checks for visibility: that matching (nwsapi) was most of the client tests' time.
 * The rules are not what these tests check (browser tests see the real pages), so they are created as
 * usual and never attached: the whole client project ran in 2.5 min instead of about 8, with the
 * same 925 passing tests.
 */
jest.mock('@rc-component/util/lib/Dom/dynamicCSS', () => {
  const actual = jest.requireActual('@rc-component/util/lib/Dom/dynamicCSS');
  return { ...actual, updateCSS: () => document.createElement('style'), injectCSS: () => document.createElement('style') };
});
