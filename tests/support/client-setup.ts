import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import './jsdom-polyfills';

// antd forms re-render slowly under jsdom on a busy 2-core CI machine; a second is not always
// enough for a findBy/waitFor to see an answer that is already on its way.
configure({ asyncUtilTimeout: 5000 });
