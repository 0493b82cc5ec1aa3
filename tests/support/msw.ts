import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setRuntimeConfig } from '@/client/lib/runtime-config';

/** The API base every client test talks to; msw answers at this network boundary. */
export const API = 'http://api.test';
export const api = (path: string) => `${API}${path}`;

/**
 * Every signed-in browser store asks for the notification bell's figure on its own (after a login
 * or a signed-in HYDRATE): answered 0 unless a test serves its own. The only default handler;
 * anything else a test does not serve is still an error.
 */
export const server = setupServer(http.get(api('/notifications/unread-count'), () => HttpResponse.json({ data: { total: 0 } })));

/** Registers the msw server lifecycle for the current test file. */
export function installMswServer(): void {
  beforeAll(() => {
    setRuntimeConfig({ apiEndpoint: API, clientHashPassword: false });
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/**
 * What a signed-in store asks for on its own (the followed ids, the unread-message count), answered
 * empty so the strict "unhandled request" rule stays quiet in tests about something else.
 */
export function serveSignedInBasics(): void {
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
  );
}
