import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import Router from 'next/router';
import type { PrivateShowOffer, PrivateShowRequest } from '@/common/contract/private-shows';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { addPrivateRequest } from '@/client/features/private-shows/private-request.slice';
import { PrivateShowButton } from '@/client/features/private-shows/components/private-show-button';
import { PrivateShowRequests } from '@/client/features/private-shows/components/private-show-requests';
import { PrivateShowSettingsCard } from '@/client/features/private-shows/components/private-show-settings-card';
import { ConversationPrivateShow } from '@/client/features/private-shows/components/conversation-private-show';
import { makeConversation } from '../messages/message-fixtures';
import { makeStore } from '@/client/store/store';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, serveSignedInBasics, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makePerformer, makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';
import { CREATOR, FAN, makeRequest } from './private-show-fixtures';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true) }, useRouter: jest.fn(() => ({ push: jest.fn() })) }));
jest.setTimeout(60_000);
installMswServer();

const liveStore = () => {
  const store = makeStore();
  store.dispatch(updateSettings({ agoraEnable: true, agoraAppId: 'a'.repeat(32) }));
  return store;
};
const offer = (o: Partial<PrivateShowOffer> = {}) => ({ data: { performerId: CREATOR._id, enabled: true, price: 25, openRequest: null, ...o } });

beforeEach(() => {
  jest.mocked(Router.push).mockClear();
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

describe('PrivateShowButton (fan)', () => {
  it('shows the price, sends the request with the note and then shows it waiting, with cancel', async () => {
    const bodies: unknown[] = [];
    let open: PrivateShowRequest | null = null;
    jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    server.use(
      http.get(api(`/private-shows/offer/${CREATOR._id}`), () => HttpResponse.json(offer({ openRequest: open }))),
      http.post(api('/private-shows'), async ({ request }) => {
        bodies.push(await request.json());
        open = makeRequest();
        return HttpResponse.json({ data: open });
      }),
    );
    renderWithStore(<PrivateShowButton performer={CREATOR} />, makeUser({ _id: FAN._id }), liveStore());
    expect(buttonWithText(/Private show/)).toBeDisabled();
    fireEvent.click(await screen.findByText('Private show · 25.00 tokens'));
    fireEvent.change(await screen.findByLabelText('Message to the creator'), { target: { value: ' Birthday! ' } });
    fireEvent.click(buttonWithText('Send request'));
    expect(await screen.findByText('Private show requested')).toBeInTheDocument();
    expect(bodies).toEqual([{ performerId: CREATOR._id, message: 'Birthday!' }]);
    expect(buttonWithText('Cancel request')).toBeEnabled();
  });

  it('offers the join link to the live viewer page once accepted', async () => {
    server.use(http.get(api(`/private-shows/offer/${CREATOR._id}`), () => HttpResponse.json(offer({ openRequest: makeRequest({ status: 'accepted', streamId: 's1' }) }))));
    renderWithStore(<PrivateShowButton performer={CREATOR} />, makeUser({ _id: FAN._id }), liveStore());
    const join = (await screen.findByText('Join private show (25.00 tokens)')).closest('a')!;
    expect(join).toHaveAttribute('href', '/streaming/aurora');
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    const failed = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(api(`/private-shows/offer/${CREATOR._id}`), () => HttpResponse.json(offer())),
      http.post(api('/private-shows'), () => HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Follow this creator to send a message' }, { status: 403 })),
    );
    renderWithStore(<PrivateShowButton performer={CREATOR} />, makeUser({ _id: FAN._id }), liveStore());
    fireEvent.click(await screen.findByText('Private show · 25.00 tokens'));
    fireEvent.click(buttonWithText('Send request'));
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Follow this creator to send a message'));
    expect(screen.getByText('Ask Aurora Vale for a private show')).toBeInTheDocument();
  });

  it('shows nothing when the creator takes no requests, and a retry when the offer fails', async () => {
    server.use(http.get(api(`/private-shows/offer/${CREATOR._id}`), () => HttpResponse.json(offer({ enabled: false, price: null }))));
    const { container } = { container: document.body };
    renderWithStore(<PrivateShowButton performer={CREATOR} />, makeUser({ _id: FAN._id }), liveStore());
    await waitFor(() => expect(within(container).queryByText(/Private show/)).toBeNull());

    server.use(http.get(api(`/private-shows/offer/${CREATOR._id}`), () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'Boom' }, { status: 500 })));
    renderWithStore(<PrivateShowButton performer={{ ...CREATOR }} />, makeUser({ _id: 'other-fan' }), liveStore());
    expect(await screen.findByText('Private show: try again')).toBeInTheDocument();
  });
});

describe('PrivateShowRequests (creator)', () => {
  it('lists waiting requests; accepting accesses it, revalidates and opens the live studio', async () => {
    const accepted: string[] = [];
    jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    server.use(
      http.get(api('/private-shows'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('status')).toBe('pending');
        return HttpResponse.json({ data: { data: [makeRequest({ message: 'Birthday!' })], total: 1 } });
      }),
      http.post(api('/private-shows/r1/accept'), () => {
        accepted.push('r1');
        return HttpResponse.json({ data: makeRequest({ status: 'accepted', streamId: 's1' }) });
      }),
      http.get(api('/streaming/me'), () => HttpResponse.json({ data: { settings: { title: '', description: '', access: 'free', price: 0 }, current: null, enabled: true } })),
    );
    const store = liveStore();
    store.dispatch(addPrivateRequest(makeRequest()));
    renderWithStore(<PrivateShowRequests />, makePerformer({ _id: CREATOR._id }), store);
    expect(await screen.findByText('Birthday!')).toBeInTheDocument();
    expect(screen.getByText('Fan One')).toBeInTheDocument();
    fireEvent.click(buttonWithText('Accept'));
    await waitFor(() => expect(Router.push).toHaveBeenCalledWith('/creator/live'));
    expect(accepted).toEqual(['r1']);
    expect(store.getState().privateRequest.privateRequests).toEqual([]);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    server.use(http.get(api('/private-shows'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'x', message: 'Boom' }, { status: 500 })
      : HttpResponse.json({ data: { data: [], total: 0 } }))));
    renderWithStore(<PrivateShowRequests />, makePerformer({ _id: CREATOR._id }), liveStore());
    expect(await screen.findByText('We could not load the private show requests')).toBeInTheDocument();
    fail = false;
    fireEvent.click(buttonWithText('Try again'));
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
  });
});

describe('PrivateShowSettingsCard', () => {
  it('turns requests on at a price and off again', async () => {
    const bodies: unknown[] = [];
    jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    server.use(
      http.get(api('/private-shows/settings'), () => HttpResponse.json({ data: { enabled: false, price: null } })),
      http.put(api('/private-shows/settings'), async ({ request }) => {
        const body = (await request.json()) as { enabled: boolean; price?: number };
        bodies.push(body);
        return HttpResponse.json({ data: { enabled: body.enabled, price: body.enabled ? body.price : null } });
      }),
    );
    renderWithStore(<PrivateShowSettingsCard />, makePerformer({ _id: CREATOR._id }), liveStore());
    fireEvent.click(await screen.findByRole('switch', { name: 'Take private show requests' }));
    fireEvent.click(buttonWithText('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Set a price per show');
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByLabelText('Price per show'), { target: { value: '30' } });
    fireEvent.click(buttonWithText('Save'));
    await waitFor(() => expect(bodies).toEqual([{ enabled: true, price: 30 }]));
    fireEvent.click(screen.getByRole('switch', { name: 'Take private show requests' }));
    fireEvent.click(buttonWithText('Save'));
    await waitFor(() => expect(bodies).toEqual([{ enabled: true, price: 30 }, { enabled: false }]));
  });
});

describe('ConversationPrivateShow', () => {
  it("gives a fan the creator's request button, and a creator this conversation's request with its actions", async () => {
    const asked: string[] = [];
    server.use(
      http.get(api(`/private-shows/offer/${CREATOR._id}`), () => HttpResponse.json(offer())),
      http.get(api('/private-shows'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ data: { data: [makeRequest({ conversationId: 'conv-1', message: 'Tonight?' })], total: 1 } });
      }),
    );
    renderWithStore(<ConversationPrivateShow conversation={makeConversation({ _id: 'conv-1', recipient: CREATOR })} />, makeUser({ _id: FAN._id }), liveStore());
    expect(await screen.findByText('Private show · 25.00 tokens')).toBeInTheDocument();

    renderWithStore(<ConversationPrivateShow conversation={makeConversation({ _id: 'conv-1', recipient: FAN })} />, makePerformer({ _id: CREATOR._id }), liveStore());
    expect(await screen.findByText('Tonight?')).toBeInTheDocument();
    expect(buttonWithText('Accept')).toBeEnabled();
    expect(asked).toEqual(['?offset=0&limit=1&conversationId=conv-1']);
  });

  it('shows nothing while live streaming is off, asking nothing', async () => {
    renderWithStore(<ConversationPrivateShow conversation={makeConversation({ _id: 'conv-1', recipient: FAN })} />, makePerformer({ _id: CREATOR._id }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Accept')).toBeNull();
  });
});
