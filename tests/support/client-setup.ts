import '@testing-library/jest-dom';
import { webcrypto } from 'crypto';

// jsdom has no crypto.subtle; browsers do (in secure contexts). The client password hash needs it.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { configurable: true, value: webcrypto });
}
