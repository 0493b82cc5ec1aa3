import Router from 'next/router';
import type { IncomingMessage, ServerResponse } from 'http';
import type { NextPageContext } from 'next';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import type { PerformerPublic } from '@/common/contract/performers';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { loadPerformerPage } from '@/client/features/performer/components/load-performer';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformerPublic } from './performer-fixtures';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));

installMswServer();
afterEach(() => jest.clearAllMocks());

interface Seen {
  forwardedFor: string | null;
  authorization: string | null;
}

function answer(status: number, body: { data: PerformerPublic } | ErrorBody, seen: Seen[] = []) {
  server.use(
    http.get(api('/performers/:id'), ({ request }) => {
      seen.push({ forwardedFor: request.headers.get('x-forwarded-for'), authorization: request.headers.get('authorization') });
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

function serverCtx(profileId: string, { forwardedFor, cookie = '' }: { forwardedFor?: string; cookie?: string } = {}) {
  const res = { statusCode: 200, writeHead: jest.fn(), end: jest.fn(), getHeader: jest.fn(), setHeader: jest.fn() };
  const req = {
    headers: { cookie, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    socket: { remoteAddress: '10.1.2.3' },
  };
  const ctx = {
    query: { profileId },
    pathname: '/[profileId]',
    asPath: `/${profileId}`,
    req: req as unknown as IncomingMessage,
    res: res as unknown as ServerResponse,
    AppTree: () => null,
  } as unknown as NextPageContext;
  return { ctx, res };
}

const browserCtx = (profileId: string) =>
  ({ query: { profileId }, pathname: '/[profileId]', asPath: `/${profileId}`, AppTree: () => null }) as unknown as NextPageContext;

const blocked: ErrorBody = { statusCode: 403, error: 'Forbidden', message: NOT_AVAILABLE_MESSAGE };
const missing: ErrorBody = { statusCode: 404, error: 'Not Found', message: 'Performer not found' };

describe('loadPerformerPage', () => {
  it('forwards the visitor IP as X-Forwarded-For and the cookie token on the server', async () => {
    const seen = answer(200, { data: makePerformerPublic() });
    const { ctx, res } = serverCtx('aurora', { forwardedFor: '81.2.69.160, 10.0.0.1', cookie: 'token=tok-1' });
    const props = await loadPerformerPage(ctx);
    expect(props.performer?.username).toBe('aurora');
    expect(seen).toEqual([{ forwardedFor: '81.2.69.160', authorization: 'tok-1' }]);
    expect(res.statusCode).toBe(200);
    expect(res.writeHead).not.toHaveBeenCalled();
  });

  it('uses the socket address when no proxy header came in', async () => {
    const seen = answer(200, { data: makePerformerPublic() });
    await loadPerformerPage(serverCtx('aurora').ctx);
    expect(seen[0].forwardedFor).toBe('10.1.2.3');
  });

  it('sends no X-Forwarded-For from the browser (the request is the visitor\'s own)', async () => {
    const seen = answer(200, { data: makePerformerPublic() });
    await loadPerformerPage(browserCtx('aurora'));
    expect(seen[0].forwardedFor).toBeNull();
  });

  it('maps 403 to "not available" with the server message and HTTP 403', async () => {
    answer(403, blocked);
    const { ctx, res } = serverCtx('aurora', { forwardedFor: '5.6.7.8' });
    expect(await loadPerformerPage(ctx)).toEqual({ performer: null, notAvailable: NOT_AVAILABLE_MESSAGE });
    expect(res.statusCode).toBe(403);
  });

  it('maps 404 to not found with HTTP 404', async () => {
    answer(404, missing);
    const { ctx, res } = serverCtx('nobody');
    expect(await loadPerformerPage(ctx)).toEqual({ performer: null });
    expect(res.statusCode).toBe(404);
  });

  it('reports other failures as an error (502)', async () => {
    answer(500, { statusCode: 500, error: 'Internal Server Error', message: 'Database is down' });
    const { ctx, res } = serverCtx('aurora');
    expect(await loadPerformerPage(ctx)).toEqual({ performer: null, error: 'Database is down' });
    expect(res.statusCode).toBe(502);
  });

  it('redirects a page opened by id to the username URL', async () => {
    const performer = makePerformerPublic();
    answer(200, { data: performer });
    const { ctx, res } = serverCtx(performer._id);
    await loadPerformerPage(ctx);
    expect(res.writeHead).toHaveBeenCalledWith(302, { Location: '/aurora' });
    await loadPerformerPage(browserCtx(performer._id));
    expect(Router.replace).toHaveBeenCalledWith('/aurora');
  });
});
