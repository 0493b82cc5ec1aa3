import * as real from 'nookies';
import * as standIn from '@/client/lib/nookies-browser';

/**
 * The browser bundles' nookies (next.config.js resolveAlias) must write exactly what nookies writes
 * in a browser and read back what it reads: cookies.ts's browser tests run on the real package.
 */
function written(run: () => void): string[] {
  const spy = jest.spyOn(document, 'cookie', 'set');
  try {
    run();
    return spy.mock.calls.map(([value]) => value);
  } finally {
    spy.mockRestore();
  }
}

const cases: [string, string, standIn.CookieOptions][] = [
  ['token', 'eyJhbGciOi.abc-_~', { path: '/', sameSite: 'lax', maxAge: 365 * 86400 }],
  ['role', 'a b;c=d,é', { path: '/', sameSite: 'lax', maxAge: 86400, secure: true }],
  ['plain', 'x', {}],
];

afterEach(() => {
  for (const [name] of cases) real.destroyCookie(null, name, { path: '/' });
});

it.each(cases)('writes %s as nookies does', (name, value, options) => {
  expect(written(() => standIn.setCookie(null, name, value, options))).toEqual(written(() => real.setCookie(null, name, value, options)));
  expect(written(() => standIn.destroyCookie(null, name, options))).toEqual(written(() => real.destroyCookie(null, name, options)));
});

it('reads back what it wrote, as nookies reads it, and forgets a destroyed cookie', () => {
  standIn.setCookie(null, 'token', 'eyJ.abc', { path: '/', maxAge: 60 });
  standIn.setCookie(null, 'plain', 'a b;c=d,é', { path: '/', maxAge: 60 });
  expect(standIn.parseCookies()).toEqual(real.parseCookies());
  expect(standIn.parseCookies()).toMatchObject({ token: 'eyJ.abc', plain: 'a b;c=d,é' });
  standIn.destroyCookie(null, 'token', { path: '/' });
  expect(standIn.parseCookies().token).toBeUndefined();
  expect(real.parseCookies().token).toBeUndefined();
});
