import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { request, UnauthorizedError } from '@/client/lib/request';
import { redirectToLogin } from '@/client/lib/redirect-to-login';
import { removeToken, setToken } from '@/client/lib/cookies';
import type { ErrorBody } from '@/common/contract/common';

jest.mock('@/client/lib/redirect-to-login', () => ({ LOGIN_PATH: '/auth/login', redirectToLogin: jest.fn() }));

installMswServer();

afterEach(() => {
  removeToken();
  jest.mocked(redirectToLogin).mockClear();
});

function echoAuthorization() {
  server.use(
    http.get(api('/echo'), ({ request: req }) =>
      HttpResponse.json({ data: { authorization: req.headers.get('authorization') } }),
    ),
  );
}

describe('request', () => {
  it('sends an empty Authorization header without a token (spec 5)', async () => {
    echoAuthorization();
    const body = await request<{ data: { authorization: string | null } }>({ url: '/echo' });
    expect(body).toEqual({ data: { authorization: '' } });
  });

  it('sends the token cookie as Authorization', async () => {
    echoAuthorization();
    setToken('cookie-token', false);
    const body = await request<{ data: { authorization: string } }>({ url: '/echo' });
    expect(body.data.authorization).toBe('cookie-token');
  });

  it('prefers an explicit token over the cookie', async () => {
    echoAuthorization();
    setToken('cookie-token', false);
    const body = await request<{ data: { authorization: string } }>({ url: '/echo', token: 'explicit' });
    expect(body.data.authorization).toBe('explicit');
  });

  it('sends JSON bodies and returns the { data } envelope', async () => {
    server.use(
      http.post(api('/things'), async ({ request: req }) => {
        expect(req.headers.get('content-type')).toContain('application/json');
        return HttpResponse.json({ data: await req.json() });
      }),
    );
    await expect(request({ url: '/things', method: 'POST', data: { a: 1 } })).resolves.toEqual({ data: { a: 1 } });
  });

  it('on 401 redirects to login and rejects with Forbidden in the action!', async () => {
    server.use(
      http.get(api('/private'), () =>
        HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' } satisfies ErrorBody, { status: 401 }),
      ),
    );
    const err = await request({ url: '/private' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect((err as Error).message).toBe('Forbidden in the action!');
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('with authRedirect off a 401 rejects with the body and stays on the page', async () => {
    const body: ErrorBody = { statusCode: 401, error: 'Unauthorized', message: 'Wrong password' };
    server.use(http.post(api('/auth/login'), () => HttpResponse.json(body, { status: 401 })));
    await expect(request({ url: '/auth/login', method: 'POST', authRedirect: false })).rejects.toEqual(body);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('rejects other HTTP errors with the parsed body', async () => {
    const body: ErrorBody = { statusCode: 400, error: 'Bad Request', message: 'name is required', details: [{ field: 'name', message: 'required' }] };
    server.use(http.put(api('/users'), () => HttpResponse.json(body, { status: 400 })));
    await expect(request({ url: '/users', method: 'PUT' })).rejects.toEqual(body);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('rejects a network failure with the generic message', async () => {
    server.use(http.get(api('/down'), () => HttpResponse.error()));
    await expect(request({ url: '/down' })).rejects.toEqual(
      expect.objectContaining({ message: 'Something went wrong, please try again later' }),
    );
  });
});

describe('request without a JSON error body', () => {
  it('rejects with status and error text but no message', async () => {
    server.use(http.get(api('/proxy'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } })));
    await expect(request({ url: '/proxy' })).rejects.toEqual({ statusCode: 502, error: 'Bad Gateway', message: '' });
  });
});
