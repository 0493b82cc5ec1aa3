import { http, HttpResponse, delay } from 'msw';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { loadConversationsFlow, loadUnreadTotal, openConversationFlow } from '@/client/features/messages/conversation.saga';
import {
  loadConversations,
  loadConversationsFail,
  loadConversationsSuccess,
  markConversationRead,
  openConversation,
  openConversationFail,
  setActiveConversation,
  setUnreadTotal,
} from '@/client/features/messages/conversation.slice';
import { fetchMessagesStart, fetchMessagesSuccess } from '@/client/features/messages/message.slice';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { rootReducer, type RootState } from '@/client/store/root.reducer';
import { makeStore } from '@/client/store/store';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { makeConversation, makeMessage } from './message-fixtures';

jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn(), emit: jest.fn() } }));

installMswServer();
afterEach(() => jest.clearAllMocks());

async function run<A>(saga: Saga<[A]>, action: A, ...setup: UnknownAction[]) {
  let state: RootState = setup.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
  const dispatched: UnknownAction[] = [];
  await runSaga(
    {
      dispatch: (a: UnknownAction) => {
        dispatched.push(a);
        state = rootReducer(state, a);
      },
      getState: () => state,
    },
    saga,
    action,
  ).toPromise();
  return { dispatched, state };
}

const ERROR_TEXT = 'Error occurred, please try again later';

/** Records every API call the test's handlers see, as "METHOD path?query". */
function recordCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return calls;
}
afterEach(() => server.events.removeAllListeners());

describe('conversation list (spec 4)', () => {
  it('loads the first page and stores ids, items and total', async () => {
    const calls = recordCalls();
    const list = [makeConversation({ _id: 'a' }), makeConversation({ _id: 'b' })];
    server.use(http.get(api('/conversations'), () => HttpResponse.json({ data: { data: list, total: 2, isMore: false } })));
    const { dispatched, state } = await run(loadConversationsFlow, loadConversations(), loadConversations());
    expect(calls).toEqual(['GET /conversations?offset=0&limit=20']);
    expect(dispatched).toEqual([loadConversationsSuccess({ data: list, total: 2, isMore: undefined })]);
    expect(state.conversation).toEqual(expect.objectContaining({ ids: ['a', 'b'], total: 2, requesting: false }));
  });

  it('searches through /conversations/search and appends a more page', async () => {
    const calls = recordCalls();
    server.use(
      http.get(api('/conversations/search'), () =>
        HttpResponse.json({ data: { data: [makeConversation({ _id: 'c' })], total: 3, isMore: false } }),
      ),
    );
    const { state } = await run(
      loadConversationsFlow,
      loadConversations({ q: 'aur', offset: 2, isMore: true }),
      loadConversationsSuccess({ data: [makeConversation({ _id: 'a' }), makeConversation({ _id: 'b' })], total: 3 }),
    );
    expect(calls).toEqual(['GET /conversations/search?q=aur&offset=2&limit=20']);
    expect(state.conversation.ids).toEqual(['a', 'b', 'c']);
  });

  it('a failure clears the list and stores the error without a message', async () => {
    const error = { statusCode: 500, error: 'Internal Server Error', message: 'down' };
    server.use(http.get(api('/conversations'), () => HttpResponse.json(error, { status: 500 })));
    const { dispatched, state } = await run(
      loadConversationsFlow,
      loadConversations(),
      loadConversationsSuccess({ data: [makeConversation({ _id: 'a' })], total: 1 }),
    );
    expect(dispatched).toEqual([loadConversationsFail(error)]);
    expect(state.conversation).toEqual(expect.objectContaining({ ids: [], error, requesting: false }));
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('opening a conversation (spec 4)', () => {
  const page = { data: [makeMessage({ _id: 'm2', conversationId: 'a' }), makeMessage({ _id: 'm1', conversationId: 'a' })], total: 2 };
  const messagesAnswer = (id: string) => http.get(api(`/messages/conversations/${id}`), () => HttpResponse.json({ data: { ...page, data: page.data.map((x) => ({ ...x, conversationId: id })) } }));
  const readAnswer = http.post(api('/messages/read-all/:id'), () => HttpResponse.json({ data: { success: true, total: 1 } }));

  it('with a known conversationId: activates it, marks it read, loads 25 from offset 0', async () => {
    const calls = recordCalls();
    server.use(messagesAnswer('a'), readAnswer);
    const known = makeConversation({ _id: 'a', totalNotSeenMessages: 3 });
    const { dispatched, state } = await run(
      openConversationFlow,
      openConversation({ conversationId: 'a' }),
      loadConversationsSuccess({ data: [makeConversation({ _id: 'z' }), known], total: 2 }),
      setUnreadTotal(5),
    );
    expect(calls).toEqual(['POST /messages/read-all/a', 'GET /messages/conversations/a?offset=0&limit=25']);
    // The badge drops by the conversation's unseen count at once, then takes the server's total.
    expect(dispatched.slice(0, 5)).toEqual([setActiveConversation(known), markConversationRead('a'), setUnreadTotal(2), setUnreadTotal(1), fetchMessagesStart('a')]);
    expect(dispatched[5].type).toBe(fetchMessagesSuccess.type);
    expect(state.conversation.activeId).toBe('a');
    expect(state.conversation.byId.a.totalNotSeenMessages).toBe(0);
    expect(state.conversation.unreadTotal).toBe(1);
    expect(state.message.byConversation.a.items.map((m) => m._id)).toEqual(['m1', 'm2']);
  });

  it('with an id the list does not hold: fetches the conversation first and puts it in front', async () => {
    const calls = recordCalls();
    const fetched = makeConversation({ _id: 'n' });
    server.use(http.get(api('/conversations/n'), () => HttpResponse.json({ data: fetched })), messagesAnswer('n'), readAnswer);
    const { state } = await run(openConversationFlow, openConversation({ conversationId: 'n' }), loadConversationsSuccess({ data: [makeConversation({ _id: 'a' })], total: 1 }));
    expect(calls).toEqual(['GET /conversations/n', 'POST /messages/read-all/n', 'GET /messages/conversations/n?offset=0&limit=25']);
    expect(state.conversation.ids).toEqual(['n', 'a']);
    expect(state.conversation.activeId).toBe('n');
  });

  it('without an id: creates it from source and sourceId, activates it and loads 25 messages', async () => {
    const calls = recordCalls();
    const bodies: unknown[] = [];
    const created = makeConversation({ _id: 'new' });
    server.use(
      http.post(api('/conversations'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: created });
      }),
      messagesAnswer('new'),
    );
    const { dispatched, state } = await run(openConversationFlow, openConversation({ source: 'performer', sourceId: 'p1' }));
    expect(bodies).toEqual([{ source: 'performer', sourceId: 'p1' }]);
    expect(calls).toEqual(['POST /conversations', 'GET /messages/conversations/new?offset=0&limit=25']);
    expect(dispatched[0]).toEqual(setActiveConversation(created));
    expect(state.conversation.activeId).toBe('new');
    expect(state.message.byConversation.new.items).toHaveLength(2);
  });

  it("a failure shows 'Error occurred, please try again later' and loads nothing", async () => {
    const calls = recordCalls();
    const error = { statusCode: 403, error: 'Forbidden', message: 'Follow this creator to send a message' };
    server.use(http.post(api('/conversations'), () => HttpResponse.json(error, { status: 403 })));
    const { dispatched, state } = await run(openConversationFlow, openConversation({ source: 'performer', sourceId: 'p1' }));
    expect(calls).toEqual(['POST /conversations']);
    expect(dispatched).toEqual([openConversationFail(error)]);
    expect(toast.error).toHaveBeenCalledWith(ERROR_TEXT);
    expect(state.conversation.activeId).toBeNull();
  });

  it('a failed message load while opening shows the same message', async () => {
    server.use(readAnswer, http.get(api('/messages/conversations/a'), () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'y' }, { status: 500 })));
    const { state } = await run(openConversationFlow, openConversation({ conversationId: 'a' }), loadConversationsSuccess({ data: [makeConversation({ _id: 'a' })], total: 1 }));
    expect(toast.error).toHaveBeenCalledWith(ERROR_TEXT);
    expect(state.conversation.activeId).toBe('a');
    expect(state.message.byConversation.a).toEqual(expect.objectContaining({ fetching: false, error: { statusCode: 500, error: 'x', message: 'y' } }));
  });

  it('skips the message fetch while one for the same conversation is in progress', async () => {
    const calls = recordCalls();
    server.use(readAnswer, messagesAnswer('a'));
    const { dispatched } = await run(
      openConversationFlow,
      openConversation({ conversationId: 'a' }),
      loadConversationsSuccess({ data: [makeConversation({ _id: 'a' })], total: 1 }),
      fetchMessagesStart('a'),
    );
    expect(calls).toEqual(['POST /messages/read-all/a']);
    expect(dispatched.map((a) => a.type)).not.toContain(fetchMessagesStart.type);
  });

  it('a read-all failure does not stop the opening', async () => {
    server.use(http.post(api('/messages/read-all/a'), () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'y' }, { status: 500 })), messagesAnswer('a'));
    const { state } = await run(openConversationFlow, openConversation({ conversationId: 'a' }), loadConversationsSuccess({ data: [makeConversation({ _id: 'a' })], total: 1 }));
    expect(state.message.byConversation.a.items).toHaveLength(2);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('opening another conversation cancels the first without leaving it fetching', async () => {
    server.use(
      readAnswer,
      http.get(api('/messages/conversations/a'), async () => {
        await delay(300);
        return HttpResponse.json({ data: { data: [], total: 0 } });
      }),
      messagesAnswer('b'),
    );
    const store = makeStore();
    store.dispatch(loadConversationsSuccess({ data: [makeConversation({ _id: 'a' }), makeConversation({ _id: 'b' })], total: 2 }));
    store.dispatch(openConversation({ conversationId: 'a' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().message.byConversation.a?.fetching).toBe(true);
    store.dispatch(openConversation({ conversationId: 'b' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const state = store.getState();
    expect(state.conversation.activeId).toBe('b');
    expect(state.message.byConversation.a.fetching).toBe(false);
    expect(state.message.byConversation.b.items).toHaveLength(2);
    store.sagaTask.cancel();
  });
});

describe('unread total for the header badge', () => {
  it('is loaded once per signed-in session', async () => {
    const calls = recordCalls();
    server.use(http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 4 } })));
    const signedIn = loginSuccess(makeUser({ _id: 'fan-unread' }));
    const first = await run(loadUnreadTotal, undefined as never, signedIn);
    expect(first.dispatched).toEqual([setUnreadTotal(4)]);
    expect(first.state.conversation.unreadTotal).toBe(4);
    const second = await run(loadUnreadTotal, undefined as never, signedIn);
    expect(second.dispatched).toEqual([]);
    expect(calls).toEqual(['GET /messages/total-unread-messages']);
  });

  it('asks nothing for a signed-out visitor', async () => {
    const calls = recordCalls();
    const { dispatched } = await run(loadUnreadTotal, undefined as never);
    expect(dispatched).toEqual([]);
    expect(calls).toEqual([]);
  });
});
