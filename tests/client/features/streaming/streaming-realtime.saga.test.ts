import { http, HttpResponse } from 'msw';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess, logoutSuccess } from '@/client/features/auth/auth.slice';
import { loadStreamMessagesSuccess } from '@/client/features/streaming/stream-message.slice';
import {
  STREAM_MESSAGE_CREATED,
  STREAM_MESSAGE_DELETED,
  STREAM_MESSAGES_CLEARED,
} from '@/client/features/streaming/streaming-realtime.saga';
import { STREAM_MESSAGE_DELETED_TEXT } from '@/common/contract/streaming';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { makeStreamMessage, newestFirst } from './stream-fixtures';

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

installMswServer();

const C = 'sc1';
let store: AppStore;

beforeEach(async () => {
  server.use(
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
  );
  store = makeStore();
  store.dispatch(loginSuccess(makeUser()));
  store.dispatch(loadStreamMessagesSuccess({ conversationId: C, data: newestFirst(2), total: 2 }));
  await settle();
});
afterEach(() => store.sagaTask.cancel());

const emit = (event: string, payload: unknown) => handlers.get(event)!(payload);
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const ids = () => store.getState().streamMessage.byConversation[C].items.map((m) => m._id);

describe('live chat socket events', () => {
  it('listens to the three chat events', () => {
    expect([...handlers.keys()]).toEqual(expect.arrayContaining([STREAM_MESSAGE_CREATED, STREAM_MESSAGE_DELETED, STREAM_MESSAGES_CLEARED]));
  });

  it('stream_message_created is appended once and kept as lastReceivedMessage, a burst losing nothing', async () => {
    const burst = [3, 4, 5, 6, 7].map((n) => makeStreamMessage({ _id: `m${n}`, conversationId: C }));
    burst.forEach((message) => emit(STREAM_MESSAGE_CREATED, { message }));
    emit(STREAM_MESSAGE_CREATED, { message: burst[0] });
    await settle();
    expect(ids()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(store.getState().streamMessage.lastReceivedMessage?._id).toBe('m3');
  });

  it('stream_message_deleted shows the deleted text in place', async () => {
    emit(STREAM_MESSAGE_DELETED, { conversationId: C, messageId: 'm1' });
    await settle();
    expect(store.getState().streamMessage.byConversation[C].items[0]).toMatchObject({ _id: 'm1', text: STREAM_MESSAGE_DELETED_TEXT, isDeleted: true });
  });

  it('stream_messages_cleared turns every message into a deleted marker', async () => {
    emit(STREAM_MESSAGES_CLEARED, { conversationId: C });
    await settle();
    const items = store.getState().streamMessage.byConversation[C].items;
    expect(items).toHaveLength(2);
    expect(items.every((m) => m.isDeleted && m.text === STREAM_MESSAGE_DELETED_TEXT)).toBe(true);
  });

  it('a logout resets the stream chat state', async () => {
    store.dispatch(logoutSuccess());
    await settle();
    expect(store.getState().streamMessage).toEqual({ byConversation: {}, activeConversation: null, sending: false, lastReceivedMessage: null, error: null });
  });
});
