/**
 * @jest-environment-options {"url": "https://fans.example.test/"}
 */
import { cookieOptions, getToken, isHttps, removeToken, setToken } from '@/client/lib/cookies';

// A page served over https: the browser-side writes of the token cookie are Secure (issue 15).
describe('token cookie on an https page', () => {
  afterEach(() => removeToken());

  it('is written Secure with SameSite=Lax', () => {
    const written: string[] = [];
    const setter = jest.spyOn(document, 'cookie', 'set');
    try {
      expect(window.location.protocol).toBe('https:');
      expect(isHttps()).toBe(true);
      expect(cookieOptions()).toEqual({ path: '/', sameSite: 'lax', secure: true });
      setToken('abc', true);
      written.push(...setter.mock.calls.map(([value]) => value));
    } finally {
      setter.mockRestore();
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^token=abc;/);
    expect(written[0]).toMatch(/; Secure/);
    expect(written[0]).toMatch(/SameSite=Lax/i);
  });

  it('can still be read and removed', () => {
    setToken('xyz', false);
    expect(getToken()).toBe('xyz');
    removeToken();
    expect(getToken()).toBeUndefined();
  });
});
