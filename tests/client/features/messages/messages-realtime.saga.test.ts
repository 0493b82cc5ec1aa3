import { http, HttpResponse, delay } from 'msw';
import { waitFor } from '@testing-library/react';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { loadConversationsSuccess, setActiveConversation, setUnreadTotal } from '@/client/features/messages/conversation.slice';
import { fetchMessagesSuccess } from '@/client/features/messages/message.slice';
import { CONVERSATION_READ, MESSAGE_CREATED, MESSAGE_DELETED, UNREAD_COUNT } from '@/client/features/messages/messages-realtime.saga';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { makeConversation, makeMessage } from './message-fixtures';

const handlers = new Map<string, (payload: unknown) => void>();
// Every saga that follows the socket's status subscribes (messaging and notifications both do).
const mockStatus = {
  listeners: new Set<(status: string) => void>(),
  listener: (status: string) => mockStatus.listeners.forEach((listener) => listener(status)),
};
jest.mock('@/client/lib/socket', () => ({
  socketService: {
    subscribe: jest.fn((listener: (status: string) => void) => {
      mockStatus.listeners.add(listener);
      return () => mockStatus.listeners.delete(listener);
    }),
    connect: jest.fn(),
    disconnect: jest.fn(),
    emit: jest.fn(),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => handlers.set(event, handler)),
    off: jest.fn((event: string) => handlers.delete(event)),
  },
}));

installMswServer();

const ME = 'fan-1';
const OTHER = 'creator-1';
let store: AppStore;
let readAll: string[];

beforeEach(async () => {
  readAll = [];
  server.use(
    http.post(api('/messages/read-all/:id'), ({ params }) => {
      readAll.push(String(params.id));
      return HttpResponse.json({ data: { success: true, total: 0 } });
    }),
    // The badge's figure, which a signed-in browser session asks for once.
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    // The follow list, which a login also loads.
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
  );
  // The sagas of earlier tests' stores are spawned, so they outlive their cancelled root: only this store's listen.
  mockStatus.listeners.clear();
  store = makeStore();
  store.dispatch(loginSuccess(makeUser({ _id: ME })));
  store.dispatch(
    loadConversationsSuccess({
      data: [makeConversation({ _id: 'open' }), makeConversation({ _id: 'other', totalNotSeenMessages: 1 })],
      total: 2,
    }),
  );
  store.dispatch(setActiveConversation(makeConversation({ _id: 'open' })));
  store.dispatch(fetchMessagesSuccess({ conversationId: 'open', data: [makeMessage({ _id: 'm1', conversationId: 'open' })], total: 1 }));
  // The badge's first figure (asked after the login) has arrived before the events start.
  await settle();
});
afterEach(() => store.sagaTask.cancel());

const emit = (event: string, payload: unknown) => handlers.get(event)!(payload);
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('socket events (spec 4 realtime, issue 6)', () => {
  it('listens to the four messaging events', () => {
    expect([...handlers.keys()]).toEqual(expect.arrayContaining([MESSAGE_CREATED, MESSAGE_DELETED, CONVERSATION_READ, UNREAD_COUNT]));
  });

  it('message_created in the open conversation goes into the thread, is read at once and counts nothing', async () => {
    emit(MESSAGE_CREATED, { message: makeMessage({ _id: 'm2', conversationId: 'open', senderId: OTHER, text: 'hey' }) });
    await settle();
    const state = store.getState();
    expect(state.message.byConversation.open.items.map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(state.conversation.byId.open.totalNotSeenMessages).toBe(0);
    expect(state.conversation.byId.open.lastMessage?.text).toBe('hey');
    expect(readAll).toEqual(['open']);
  });

  it('the echo of my own message is not shown twice and not marked read', async () => {
    const mine = makeMessage({ _id: 'm1', conversationId: 'open', senderId: ME });
    emit(MESSAGE_CREATED, { message: mine });
    await settle();
    expect(store.getState().message.byConversation.open.items).toHaveLength(1);
    expect(readAll).toEqual([]);
  });

  it('message_created elsewhere bumps that conversation unseen count and moves it up, leaving the thread alone', async () => {
    emit(MESSAGE_CREATED, { message: makeMessage({ _id: 'x1', conversationId: 'other', senderId: OTHER }) });
    await settle();
    const state = store.getState();
    expect(state.conversation.byId.other.totalNotSeenMessages).toBe(2);
    expect(state.conversation.ids).toEqual(['other', 'open']);
    expect(state.message.byConversation.open.items.map((m) => m._id)).toEqual(['m1']);
    expect(state.message.byConversation.other).toBeUndefined();
    expect(readAll).toEqual([]);
  });

  it('a message in a conversation the list lacks fetches it and puts it first, losing no event meanwhile', async () => {
    server.use(
      http.get(api('/conversations/fresh'), async () => {
        await delay(50);
        return HttpResponse.json({ data: makeConversation({ _id: 'fresh', totalNotSeenMessages: 1 }) });
      }),
    );
    emit(MESSAGE_CREATED, { message: makeMessage({ _id: 'f1', conversationId: 'fresh', senderId: OTHER }) });
    // The server's unread total comes right behind, while the conversation is being fetched.
    emit(UNREAD_COUNT, { total: 4 });
    await settle();
    await waitFor(() => expect(store.getState().conversation.unreadTotal).toBe(4));
    const state = store.getState();
    expect(state.conversation.ids[0]).toBe('fresh');
    expect(state.conversation.byId.fresh.totalNotSeenMessages).toBe(1);
    expect(state.conversation.total).toBe(3);
  });

  it("message_deleted shows 'Message deleted!' in place", async () => {
    emit(MESSAGE_DELETED, { conversationId: 'open', messageId: 'm1' });
    await settle();
    expect(store.getState().message.byConversation.open.items[0]).toEqual(expect.objectContaining({ text: 'Message deleted!', isDeleted: true }));
  });

  it('conversation_read by me (another tab) clears the unseen count; by the other side marks mine seen', async () => {
    store.dispatch(fetchMessagesSuccess({ conversationId: 'open', data: [makeMessage({ _id: 'mine', conversationId: 'open', senderId: ME }), makeMessage({ _id: 'theirs', conversationId: 'open', senderId: OTHER })], total: 2 }));
    emit(CONVERSATION_READ, { conversationId: 'other', readerId: OTHER });
    emit(CONVERSATION_READ, { conversationId: 'open', readerId: OTHER });
    await settle();
    expect(store.getState().conversation.byId.other.totalNotSeenMessages).toBe(1);
    expect(store.getState().message.byConversation.open.items.map((m) => [m._id, m.isSeen])).toEqual([['theirs', false], ['mine', true]]);
    emit(CONVERSATION_READ, { conversationId: 'other', readerId: ME });
    await settle();
    expect(store.getState().conversation.byId.other.totalNotSeenMessages).toBe(0);
  });

  /** The open conversation's messages (m1, m2), counting how often they are asked for. */
  function serveOpenThread() {
    const thread = { loads: 0 };
    server.use(
      http.get(api('/messages/conversations/open'), () => {
        thread.loads += 1;
        return HttpResponse.json({ data: { data: [makeMessage({ _id: 'm2', conversationId: 'open' }), makeMessage({ _id: 'm1', conversationId: 'open' })], total: 2 } });
      }),
    );
    return thread;
  }

  it('on its first connection, reloads the open thread: a message sent before the socket listened is not lost', async () => {
    const thread = serveOpenThread();
    mockStatus.listener('initialized');
    mockStatus.listener('connected');
    await settle();
    expect(thread.loads).toBe(1);
    expect(store.getState().message.byConversation.open.items.map((m) => m._id)).toEqual(['m1', 'm2']);
  });

  it('after a dropped connection comes back, reloads the open thread and the badge', async () => {
    const thread = serveOpenThread();
    server.use(http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 9 } })));
    mockStatus.listener('connected');
    await settle();
    expect(thread.loads).toBe(1);
    mockStatus.listener('disconnect');
    mockStatus.listener('reconnecting');
    mockStatus.listener('connected');
    await settle();
    expect(thread.loads).toBe(2);
    expect(store.getState().message.byConversation.open.items.map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(store.getState().conversation.unreadTotal).toBe(9);
  });

  it('unread_count sets the header badge total', async () => {
    store.dispatch(setUnreadTotal(1));
    emit(UNREAD_COUNT, { total: 7 });
    await settle();
    expect(store.getState().conversation.unreadTotal).toBe(7);
  });
});
