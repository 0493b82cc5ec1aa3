import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { performerRoutes, type PerformerPublic } from '@/common/contract/performers';
import { makePerformerPublic } from '../features/performer/performer-fixtures';

installMswServer();

describe('callRoute', () => {
  it('fills :params and returns the typed envelope', async () => {
    const performer: PerformerPublic = makePerformerPublic({ _id: 'p1', name: 'C', username: 'c d' });
    server.use(http.get(api('/performers/:id'), ({ params }) => HttpResponse.json({ data: { ...performer, username: String(params.id) } })));
    const res = await callRoute(performerRoutes.view, { params: { id: 'c d' } });
    expect(res.data.username).toBe('c d');
  });

  it('refuses a url with a missing parameter', () => {
    expect(() => routeUrl('/performers/:id')).toThrow('Missing route parameter id');
  });
});
