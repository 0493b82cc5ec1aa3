import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../../support/msw';
import { checkBlock } from '@/client/features/geo/geo.api';

installMswServer();

describe('checkBlock', () => {
  it('sends the IP in X-Forwarded-For and reads data.blocked', async () => {
    const ips: (string | null)[] = [];
    server.use(
      http.get(api('/block/countries/check'), ({ request }) => {
        ips.push(request.headers.get('x-forwarded-for'));
        return HttpResponse.json({ data: { blocked: true, country: 'KP' } });
      }),
    );
    await expect(checkBlock('203.0.113.1')).resolves.toBe(true);
    await checkBlock();
    expect(ips).toEqual(['203.0.113.1', null]);
  });
});
