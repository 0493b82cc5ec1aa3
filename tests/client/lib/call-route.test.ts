import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { performerRoutes, type PerformerPublic } from '@/common/contract/performers';

installMswServer();

describe('callRoute', () => {
  it('fills :params and returns the typed envelope', async () => {
    const performer: PerformerPublic = {
      _id: 'p1', name: 'C', username: 'c d', avatar: '', cover: '', bio: '', country: null, verifiedDocument: false, createdAt: '2024-01-01T00:00:00.000Z',
    };
    server.use(http.get(api('/performers/:id'), ({ params }) => HttpResponse.json({ data: { ...performer, username: String(params.id) } })));
    const res = await callRoute(performerRoutes.view, { params: { id: 'c d' } });
    expect(res.data.username).toBe('c d');
  });

  it('refuses a url with a missing parameter', () => {
    expect(() => routeUrl('/performers/:id')).toThrow('Missing route parameter id');
  });
});
