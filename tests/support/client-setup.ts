import '@testing-library/jest-dom';
import './jsdom-polyfills';
