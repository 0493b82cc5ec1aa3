import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { fetcher } from '@/client/lib/fetcher';
import type { ErrorBody } from '@/common/contract/common';

installMswServer();

describe('generic GET fetcher (spec 7)', () => {
  it('returns the JSON body of a 2xx answer', async () => {
    const body = { data: { data: [{ _id: '1' }], total: 1 } };
    server.use(http.get(api('/performers/search'), () => HttpResponse.json(body)));
    await expect(fetcher('/performers/search')).resolves.toEqual(body);
  });

  it('treats any status 200..299 as success', async () => {
    server.use(http.get(api('/created'), () => HttpResponse.json({ data: { ok: true } }, { status: 201 })));
    await expect(fetcher('/created')).resolves.toEqual({ data: { ok: true } });
  });

  it('sends the query parameters of a [url, params] key, leaving empty ones out', async () => {
    let search = '';
    server.use(
      http.get(api('/feeds'), ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ data: { data: [], total: 0 } });
      }),
    );
    await fetcher(['/feeds', { offset: 10, limit: 10, q: '', type: undefined, sort: 'desc' }]);
    expect(new URLSearchParams(search).toString()).toBe('offset=10&limit=10&sort=desc');
  });

  it('throws the parsed body of a 4xx answer', async () => {
    const body: ErrorBody = { statusCode: 404, error: 'Not Found', message: 'No such performer' };
    server.use(http.get(api('/performers/x'), () => HttpResponse.json(body, { status: 404 })));
    await expect(fetcher('/performers/x')).rejects.toEqual(body);
  });
});
