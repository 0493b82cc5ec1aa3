import { http, HttpResponse } from 'msw';
import { mutate } from 'swr';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { setActiveConversation } from '@/client/features/messages/conversation.slice';
import { PRIVATE_SHOW_UPDATED, fanNotice, isPrivateShowKey } from '@/client/features/private-shows/private-shows-realtime.saga';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer, makeUser } from '../../fixtures';
import { makeConversation } from '../messages/message-fixtures';
import { CREATOR, FAN, makeRequest } from './private-show-fixtures';

const handlers = new Map<string, (payload: unknown) => void>();
jest.mock('@/client/lib/socket', () => ({
  socketService: {
    subscribe: jest.fn(() => () => undefined),
    connect: jest.fn(),
    disconnect: jest.fn(),
    emit: jest.fn(),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => handlers.set(event, handler)),
    off: jest.fn((event: string) => handlers.delete(event)),
  },
}));
jest.mock('swr', () => ({ ...jest.requireActual('swr'), mutate: jest.fn(async () => undefined) }));

installMswServer();

let store: AppStore;
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const emit = (payload: unknown) => handlers.get(PRIVATE_SHOW_UPDATED)!(payload);
const listed = () => store.getState().privateRequest.privateRequests.map((r) => r._id);

async function signIn(user: ReturnType<typeof makeUser>) {
  server.use(
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
  );
  store = makeStore();
  store.dispatch(setCurrentUser(user));
  store.dispatch(loginSuccess(user));
  await settle();
}

beforeEach(() => jest.mocked(mutate).mockClear());
afterEach(() => {
  store.sagaTask.cancel();
  jest.restoreAllMocks();
});

describe('private_show_updated for the creator', () => {
  beforeEach(() => signIn(makePerformer({ _id: CREATOR._id })));

  it('adds each new request to the spec list, tells the creator and revalidates the lists', async () => {
    const told = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    emit({ request: makeRequest({ _id: 'r1', conversationId: 'c1' }) });
    emit({ request: makeRequest({ _id: 'r2', conversationId: 'c2' }) });
    await settle();
    expect(listed()).toEqual(['r1', 'r2']);
    expect(told).toHaveBeenCalledWith('Fan One asks for a private show');
    expect(mutate).toHaveBeenCalledWith(isPrivateShowKey);
  });

  it('accesses a request once it is no longer pending (the fan cancelled it), and when its conversation is opened', async () => {
    jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    emit({ request: makeRequest({ _id: 'r1', conversationId: 'c1' }) });
    emit({ request: makeRequest({ _id: 'r2', conversationId: 'c2' }) });
    await settle();
    emit({ request: makeRequest({ _id: 'r1', conversationId: 'c1', status: 'cancelled' }) });
    await settle();
    expect(listed()).toEqual(['r2']);
    store.dispatch(setActiveConversation(makeConversation({ _id: 'c2' })));
    await settle();
    expect(listed()).toEqual([]);
  });
});

describe('private_show_updated for the fan', () => {
  beforeEach(() => signIn(makeUser({ _id: FAN._id })));

  it('tells the fan the decision and never fills the creator list', async () => {
    const ok = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const bad = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    emit({ request: makeRequest({ status: 'accepted', streamId: 's1' }) });
    emit({ request: makeRequest({ status: 'declined' }) });
    await settle();
    expect(ok).toHaveBeenCalledWith('Aurora Vale accepted your private show: join it now');
    expect(bad).toHaveBeenCalledWith('Aurora Vale declined your private show request');
    expect(listed()).toEqual([]);
    expect(mutate).toHaveBeenCalledTimes(2);
  });
});

describe('helpers', () => {
  it('matches the private show and stream view keys only', () => {
    expect(isPrivateShowKey(['/private-shows', {}, 'u'])).toBe(true);
    expect(isPrivateShowKey(['/private-shows/offer/x', 'u'])).toBe(true);
    expect(isPrivateShowKey('/streaming/join/aurora')).toBe(true);
    expect(isPrivateShowKey(['/performers', {}])).toBe(false);
    expect(isPrivateShowKey('/streaming/me')).toBe(false);
  });

  it('has nothing to say to the fan about their own cancel or the show starting', () => {
    expect(fanNotice(makeRequest({ status: 'cancelled' }))).toBeNull();
    expect(fanNotice(makeRequest({ status: 'started' }))).toBeNull();
    expect(fanNotice(makeRequest({ status: 'refunded' }))?.kind).toBe('success');
  });
});
