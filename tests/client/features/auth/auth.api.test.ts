import { makeFile } from '../../fixtures';
import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../../support/msw';
import * as authApi from '@/client/features/auth/auth.api';
import { setRuntimeConfig } from '@/client/lib/runtime-config';

installMswServer();
afterEach(() => setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: false }));

const SHA_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

function capture(method: 'post' | 'get', path: string, data: unknown) {
  const bodies: unknown[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      bodies.push(method === 'get' ? null : await request.json());
      return HttpResponse.json({ data });
    }),
  );
  return bodies;
}

describe('auth api', () => {
  it('registerUser hashes the password when the flag is on', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    const bodies = capture('post', '/auth/users/register', { token: 't', message: 'ok' });
    const res = await authApi.registerUser({ name: 'A', username: 'abc', email: 'a@example.com', password: 'abc', ageConfirmed: true, termsAccepted: true });
    expect(res.data.token).toBe('t');
    expect(bodies).toEqual([{ name: 'A', username: 'abc', email: 'a@example.com', password: SHA_ABC, ageConfirmed: true, termsAccepted: true }]);
  });

  it('registerPerformer uploads the fields (password hashed) and files', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    let fields: Record<string, FormDataEntryValue> = {};
    server.use(
      http.post(api('/auth/performers/register'), async ({ request }) => {
        fields = Object.fromEntries((await request.formData()).entries());
        return HttpResponse.json({ data: { token: null, message: 'Verify your email' } });
      }),
    );
    const progress: number[] = [];
    const res = await authApi.registerPerformer(
      { name: 'C', username: 'creator', email: 'c@example.com', password: 'abc', gender: 'female', dateOfBirth: '1990-01-01', country: 'FR', ageConfirmed: true, termsAccepted: true },
      [
        { fieldname: 'idDocument', file: makeFile('id', 'id.jpg') },
        { fieldname: 'selfie', file: makeFile('me', 'me.jpg') },
      ],
      (p) => progress.push(p),
    );
    expect(res.data).toEqual({ token: null, message: 'Verify your email' });
    expect(fields).toEqual(expect.objectContaining({ username: 'creator', password: SHA_ABC, country: 'FR', gender: 'female', ageConfirmed: 'true', termsAccepted: 'true' }));
    expect((fields.idDocument as File).name).toBe('id.jpg');
    expect((fields.selfie as File).name).toBe('me.jpg');
    expect(progress.at(-1)).toBe(100);
  });

  it('calls each remaining route of the auth table', async () => {
    const forgot = capture('post', '/auth/users/forgot', { message: 'sent' });
    const reset = capture('post', '/auth/users/reset', { message: 'done' });
    const resend = capture('post', '/auth/email-verification', { message: 'sent' });
    const verify = capture('post', '/auth/email-verification/verify', { message: 'verified' });
    capture('get', '/auth/providers', { google: true, twitter: false, googleClientId: 'cid' });
    const gtoken = capture('post', '/auth/google/token', { token: 't', message: 'ok' });
    const tlogin = capture('post', '/auth/twitter/login', { oauthToken: 'o', oauthTokenSecret: 's', url: 'https://x' });

    await authApi.forgotPassword({ email: 'a@example.com' });
    await authApi.resetPassword({ token: '0123456789', password: 'new-password' });
    await authApi.resendVerification({ email: 'a@example.com' });
    await authApi.verifyEmail({ token: '0123456789' });
    expect((await authApi.providers()).data.googleClientId).toBe('cid');
    await authApi.googleToken({ token: 'code', redirectUri: 'http://localhost/auth/google' });
    expect((await authApi.twitterLogin({ role: 'user' })).data.url).toBe('https://x');

    expect(forgot).toEqual([{ email: 'a@example.com' }]);
    expect(reset).toEqual([{ token: '0123456789', password: 'new-password' }]);
    expect(resend).toHaveLength(1);
    expect(verify).toHaveLength(1);
    expect(gtoken).toEqual([{ token: 'code', redirectUri: 'http://localhost/auth/google' }]);
    expect(tlogin).toEqual([{ role: 'user' }]);
  });
});
