import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import Router from 'next/router';
import { MessageButton } from '@/client/features/messages/components/message-button';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';
import { makeConversation } from './message-fixtures';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true) }, useRouter: jest.fn() }));
jest.setTimeout(60_000);
installMswServer();

const CREATOR = { _id: '7a0c6a3e-1111-4222-8333-444455556666', name: 'Aurora Vale' };

beforeEach(() => {
  jest.mocked(Router.push).mockClear();
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
  );
});
afterEach(() => jest.restoreAllMocks());

describe("The creator profile's Message button", () => {
  it('opens (or creates) the conversation with the creator and goes to it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/conversations'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: makeConversation({ _id: 'conv-9' }) });
      }),
    );
    const store = renderWithStore(<MessageButton performer={CREATOR} />, makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'Message Aurora Vale' }));
    await waitFor(() => expect(Router.push).toHaveBeenCalledWith('/messages?conversationId=conv-9'));
    expect(bodies).toEqual([{ source: 'performer', sourceId: CREATOR._id }]);
    expect(store.getState().conversation.activeId).toBe('conv-9');
    expect(store.getState().conversation.ids).toEqual(['conv-9']);
  });

  it("shows the server's reason when the fan may not write, and stays", async () => {
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(api('/conversations'), () =>
        HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Follow Aurora Vale to send messages' }, { status: 403 }),
      ),
    );
    renderWithStore(<MessageButton performer={CREATOR} />, makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'Message Aurora Vale' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Follow Aurora Vale to send messages'));
    expect(Router.push).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Message Aurora Vale' })).not.toHaveClass('ant-btn-loading'));
  });

  it('sends a signed-out visitor to sign in first, asking the API nothing', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => calls.push(request.url));
    renderWithStore(<MessageButton performer={CREATOR} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message Aurora Vale' }));
    expect(Router.push).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/login\?redirect=/));
    expect(calls).toEqual([]);
    server.events.removeAllListeners();
  });
});
