// @ts-check

/**
 * Headers for every response. The Content-Security-Policy here is only the floor for what Next
 * serves without rendering (static files): every rendered page replaces it with the full
 * nonce-based policy built per request from the runtime API origin and the site settings
 * (`_app.getInitialProps` → src/client/lib/content-security-policy.ts).
 */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Live streaming needs the camera and microphone of this origin only.
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(self), geolocation=(), payment=(self)' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'self'; base-uri 'self'; object-src 'none'" },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  // Browsers ignore HSTS on plain http, so this is harmless on localhost and right behind TLS.
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
];

const { ANTD_STYLE_MODULE } = require('./scripts/lib/antd-style-browser-loader.js');
const { ANTD_IMPORTS } = require('./scripts/lib/antd-imports-browser-loader.js');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Source maps of the browser's chunks, for scripts/bench/web-profile.ts to name what a page load runs.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === '1',
  // Without this Turbopack bundles two copies of cssinjs and antd's SSR styles come out empty
  // (dependencies.md, problem 1).
  transpilePackages: ['@ant-design/cssinjs'],
  // Media comes from the API host (or S3), which is only known at run time.
  images: { unoptimized: true },
  // `npm run typecheck` (tsc over the whole repository, run by CI) is the type gate; repeating it
  // inside every `next build` would only slow `npm start` and `npm test` down.
  typescript: { ignoreBuildErrors: true },
  turbopack: {
    // The browser needs the contracts' types and routes, not TypeBox's schema builder (about 20 kB
    // gzip on every page): src/client/lib/typebox-browser.ts stands in for it there. Rich text is
    // sanitised by the browser's own parser instead of sanitize-html's (about 65 kB gzip on every
    // page that shows a post): src/client/lib/sanitize-html-browser.ts.
    resolveAlias: {
      typebox: { browser: './src/client/lib/typebox-browser.ts' },
      'sanitize-html': { browser: './src/client/lib/sanitize-html-browser.ts' },
      // The browser reads and writes document.cookie; nookies' server half (set-cookie-parser) stays out.
      nookies: { browser: './src/client/lib/nookies-browser.ts' },
    },
    // The browser reads a route's method and url only: its copy of each contract file declares no
    // schemas (scripts/lib/contract-browser-loader.js, about 18 kB gzip off every page).
    rules: {
      '*.ts': [
        {
          condition: { all: ['browser', { path: /(^|[\\/])src[\\/]common[\\/]contract[\\/][^\\/]+\.ts$/ }] },
          loaders: [require.resolve('./scripts/lib/contract-browser-loader.js')],
        },
      ],
      // antd's style generators: every rule is in the static stylesheet (scripts/lib/antd-stylesheet.ts),
      // so the browser's copy of each style module keeps only the class-name hooks
      // (scripts/lib/antd-style-browser-loader.js, about 40 kB gzip off every antd page).
      '*.js': [
        {
          condition: { all: ['browser', { path: ANTD_STYLE_MODULE }] },
          loaders: [require.resolve('./scripts/lib/antd-style-browser-loader.js')],
        },
        // antd's inputs reach @rc-component/form only for its FormProvider, and radio groups for a
        // name helper: imported from where they live, the rest of the form library comes with
        // antd's Form alone (about 13 kB gzip). Typography's in-place editor loads when used.
        {
          condition: { all: ['browser', { any: ANTD_IMPORTS.map((file) => ({ path: file })) }] },
          loaders: [require.resolve('./scripts/lib/antd-imports-browser-loader.js')],
        },
      ],
    },
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // antd's stylesheet carries its content hash in its name (scripts/lib/antd-stylesheet.ts).
      { source: '/_antd/:file*.css', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ];
  },
};

module.exports = nextConfig;
