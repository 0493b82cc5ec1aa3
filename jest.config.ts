/** @jest-config-loader esbuild-register */
import nextJest from 'next/jest.js';
import type { Config } from 'jest';

const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that Jest on Node 20 cannot require: sent through next/jest's SWC transform.
const esmPackages = [
  'msw', '@mswjs', 'rettime', 'until-async', '@open-draft', 'headers-polyfill', 'outvariant', 'strict-event-emitter',
  'jose', 'cookie', '@electric-sql', 'typebox', 'nanoid', 'content-disposition', '@ant-design/colors', '@ant-design/icons-svg',
  // otplib's defaults (TOTP codes, issue 15) import these ESM-only packages.
  '@otplib', '@scure', '@noble',
].join('|');
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages})/)`, '^.+\\.module\\.(css|sass|scss)$'];
const moduleNameMapper = { '^@/(.*)$': '<rootDir>/src/$1' };

async function project(name: string, overrides: Config): Promise<Config> {
  const base = await createJestConfig({ moduleNameMapper, ...overrides })();
  return { ...base, displayName: name, transformIgnorePatterns, transform: { ...base.transform, '^.+\\.(cjs|mjs)$': base.transform!['^.+\\.(js|jsx|ts|tsx|mjs)$'] } };
}

export default async (): Promise<Config> => ({
  // Per-project testTimeout is ignored by Jest; PGlite boots and browser steps need more than 5 s.
  testTimeout: 60_000,
  // The client files leave their jsdom windows behind: a worker's heap passed 1.5 GB and slowed
  // every later file with garbage collection. A worker past this after a file is replaced.
  workerIdleMemoryLimit: '700MB',
  projects: [
    await project('client', {
      // Client code runs on the browser's stand-ins for TypeBox and sanitize-html, as in the bundles (next.config.js).
      moduleNameMapper: {
        '^typebox$': '<rootDir>/src/client/lib/typebox-browser.ts',
        '^sanitize-html$': '<rootDir>/src/client/lib/sanitize-html-browser.ts',
        ...moduleNameMapper,
      },
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/tests/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/client-setup.ts'],
    }),
    await project('server', {
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/server-global-setup.ts',
    }),
    await project('e2e', {
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
      testEnvironment: '<rootDir>/tests/e2e/support/environment.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/e2e/support/setup.ts'],
      globalSetup: '<rootDir>/tests/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/e2e/support/global-teardown.ts',
    }),
  ],
});
