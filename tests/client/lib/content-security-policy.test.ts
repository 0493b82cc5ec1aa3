/**
 * @jest-environment node
 */
import type { IncomingMessage } from 'http';
import {
  applyContentSecurityPolicy,
  buildContentSecurityPolicy,
  createNonce,
  cspFeatures,
  requestNonce,
} from '@/client/lib/content-security-policy';
import { PUBLIC_SETTING_DEFAULTS } from '@/common/constants/settings';

const NONE = { analytics: false, stripe: false, agora: false };
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';

/** The policy as directive → values. */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((d) => {
    const [name, ...values] = d.split(' ');
    return [name, values];
  }));
}
const allHosts = (policy: string) => Object.values(parse(policy)).flat().join(' ');

describe('buildContentSecurityPolicy', () => {
  it('allows scripts only with the nonce (and what they load), and locks objects, base and framing', () => {
    const csp = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://127.0.0.1:8080', ...NONE }));
    expect(csp['script-src']).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'", "'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    // The API and its socket, and its media.
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'http://127.0.0.1:8080', 'ws://127.0.0.1:8080']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:8080', 'data:', 'blob:']));
    expect(csp['media-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:8080', 'blob:']));
  });

  it('allows the reCAPTCHA widget (script and frames) only while reCAPTCHA is on', () => {
    const off = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://127.0.0.1:8080', ...NONE }));
    expect(off['frame-src']).not.toContain('https://www.google.com/recaptcha/');
    const on = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://127.0.0.1:8080', ...NONE, recaptcha: true }));
    expect(on['frame-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']));
    expect(on['script-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']));
  });

  it('uses wss for an https API and ignores a path in the endpoint', () => {
    const csp = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'https://api.example.com/v1', ...NONE }));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://api.example.com', 'wss://api.example.com']));
    expect(csp['connect-src']).not.toContain('ws://api.example.com');
  });

  it('names no analytics, Stripe or Agora host unless configured', () => {
    const hosts = allHosts(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://api.test', ...NONE }));
    for (const host of ['googletagmanager', 'google-analytics', 'stripe', 'agora', 'sd-rtn']) expect(hosts).not.toContain(host);
  });

  it('adds each third party only when it is switched on', () => {
    const analytics = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://api.test', ...NONE, analytics: true }));
    expect(analytics['connect-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.googletagmanager.com']));
    expect(allHosts(Object.entries(analytics).map(([k, v]) => `${k} ${v.join(' ')}`).join('; '))).not.toMatch(/stripe|agora/);

    const stripe = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://api.test', ...NONE, stripe: true }));
    expect(stripe['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
    expect(stripe['connect-src'].join(' ')).not.toMatch(/google-analytics|agora/);

    const agora = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://api.test', ...NONE, agora: true }));
    expect(agora['connect-src']).toEqual(expect.arrayContaining(['https://*.agora.io', 'wss://*.agora.io', 'wss://*.sd-rtn.com']));
    expect(agora['frame-src'].join(' ')).not.toContain('stripe');
  });

  it("allows eval only in development (React refresh)", () => {
    const dev = parse(buildContentSecurityPolicy({ nonce: NONCE, apiEndpoint: 'http://api.test', ...NONE, dev: true }));
    expect(dev['script-src']).toContain("'unsafe-eval'");
  });

  it('refuses a nonce that could break out of the header or the HTML', () => {
    for (const nonce of ['', 'short', `${NONCE}'; script-src *`, `${NONCE}"><script>`]) {
      expect(() => buildContentSecurityPolicy({ nonce, apiEndpoint: 'http://api.test', ...NONE })).toThrow(/nonce/);
    }
  });
});

describe('cspFeatures', () => {
  it('reads gaCode, the Stripe gateway and agoraEnable from the public settings', () => {
    // Stripe in test mode is the built-in sandbox: no Stripe.js to allow.
    expect(cspFeatures({ ...PUBLIC_SETTING_DEFAULTS, gaCode: '', paymentGateway: 'stripe', paymentTestMode: true, agoraEnable: false })).toEqual({ ...NONE, recaptcha: false });
    expect(cspFeatures({ ...PUBLIC_SETTING_DEFAULTS, gaCode: 'G-ABC123', paymentGateway: 'stripe', paymentTestMode: false, agoraEnable: true }))
      .toEqual({ analytics: true, stripe: true, agora: true, recaptcha: false });
    expect(cspFeatures({ ...PUBLIC_SETTING_DEFAULTS, reCaptchaEnabled: true }).recaptcha).toBe(true);
  });
});

describe('per-request nonce', () => {
  const fakeRes = () => {
    const headers: Record<string, string> = {};
    return { headers, setHeader: (name: string, value: string) => { headers[name] = value; } };
  };

  it('is 128 random bits and different every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });

  it('sends a fresh nonce per response and keeps it on the request for _document', () => {
    const reqs = [{}, {}] as IncomingMessage[];
    const responses = reqs.map((req) => {
      const res = fakeRes();
      const nonce = applyContentSecurityPolicy(req, res, { apiEndpoint: 'http://api.test', ...NONE });
      return { req, res, nonce };
    });
    expect(responses[0].nonce).not.toBe(responses[1].nonce);
    for (const { req, res, nonce } of responses) {
      expect(requestNonce(req)).toBe(nonce);
      expect(res.headers['Content-Security-Policy']).toContain(`'nonce-${nonce}'`);
    }
    expect(requestNonce({} as IncomingMessage)).toBeUndefined();
  });
});
