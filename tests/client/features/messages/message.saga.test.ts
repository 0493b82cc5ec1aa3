import { http, HttpResponse } from 'msw';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { deleteMessageFlow, fetchMessagesFlow, loadOlderMessagesFlow, sendMessageFlow } from '@/client/features/messages/message.saga';
import {
  deleteMessage,
  deleteMessageFail,
  deleteMessageSuccess,
  fetchMessages,
  fetchMessagesFail,
  fetchMessagesStart,
  fetchMessagesSuccess,
  loadOlderMessages,
  loadOlderMessagesSuccess,
  sendMessage,
  sendMessageFail,
  sendMessageSuccess,
} from '@/client/features/messages/message.slice';
import { conversationActivity, loadConversationsSuccess } from '@/client/features/messages/conversation.slice';
import { rootReducer, type RootState } from '@/client/store/root.reducer';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeConversation, makeMessage } from './message-fixtures';

jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

installMswServer();
afterEach(() => jest.clearAllMocks());

const C = 'conv-1';
const m = (id: string) => makeMessage({ _id: id, conversationId: C, text: `text ${id}` });

/** Runs a worker against a store that starts from `actions`; returns what it dispatched and the end state. */
async function run<A>(saga: Saga<[A]>, action: A, ...setup: UnknownAction[]) {
  let state: RootState = setup.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (a: UnknownAction) => { dispatched.push(a); state = rootReducer(state, a); }, getState: () => state },
    saga,
    action,
  ).toPromise();
  return { dispatched, state };
}

/** GET /messages/conversations/:id answering `page`; records the queries. */
function listAnswers(page: { data: ReturnType<typeof m>[]; total: number } | { status: number }) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api(`/messages/conversations/${C}`), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if ('status' in page) return HttpResponse.json({ statusCode: page.status, error: 'Error', message: 'No' }, { status: page.status });
      return HttpResponse.json({ data: page });
    }),
  );
  return queries;
}

describe('fetching messages (spec 4)', () => {
  it('marks the conversation fetching, asks 25 from offset 0 and stores them oldest first', async () => {
    const queries = listAnswers({ data: [m('m3'), m('m2'), m('m1')], total: 3 });
    const { dispatched, state } = await run(fetchMessagesFlow, fetchMessages({ conversationId: C }));
    expect(queries).toEqual([{ offset: '0', limit: '25' }]);
    expect(dispatched).toEqual([fetchMessagesStart(C), fetchMessagesSuccess({ conversationId: C, data: [m('m3'), m('m2'), m('m1')], total: 3 })]);
    expect(state.message.byConversation[C].items.map((x) => x._id)).toEqual(['m1', 'm2', 'm3']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('is skipped while a fetch for the same conversation is in progress', async () => {
    const queries = listAnswers({ data: [], total: 0 });
    const { dispatched } = await run(fetchMessagesFlow, fetchMessages({ conversationId: C }), fetchMessagesStart(C));
    expect(dispatched).toEqual([]);
    expect(queries).toEqual([]);
  });

  it('runs for another conversation while one is in progress', async () => {
    const queries = listAnswers({ data: [], total: 0 });
    const { dispatched } = await run(fetchMessagesFlow, fetchMessages({ conversationId: C }), fetchMessagesStart('other'));
    expect(queries).toHaveLength(1);
    expect(dispatched[0]).toEqual(fetchMessagesStart(C));
  });

  it("a failure stores the error and shows 'Error occurred, please try again later'", async () => {
    listAnswers({ status: 500 });
    const { dispatched, state } = await run(fetchMessagesFlow, fetchMessages({ conversationId: C }));
    expect(dispatched).toEqual([fetchMessagesStart(C), fetchMessagesFail({ conversationId: C, error: { statusCode: 500, error: 'Error', message: 'No' } })]);
    expect(state.message.byConversation[C].fetching).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later');
  });
});

describe('loading older messages', () => {
  const loaded = fetchMessagesSuccess({ conversationId: C, data: [m('m3'), m('m2')], total: 4 });

  it('asks the page after the loaded ones and puts it first, with isLoadMore', async () => {
    const queries = listAnswers({ data: [m('m1'), m('m0')], total: 4 });
    const { dispatched, state } = await run(loadOlderMessagesFlow, loadOlderMessages({ conversationId: C }), loaded);
    expect(queries).toEqual([{ offset: '2', limit: '25' }]);
    expect(dispatched).toEqual([fetchMessagesStart(C), loadOlderMessagesSuccess({ conversationId: C, data: [m('m1'), m('m0')], total: 4 })]);
    expect(state.message.byConversation[C].items.map((x) => x._id)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(state.message.byConversation[C].isLoadMore).toBe(true);
  });

  it('asks nothing when everything is loaded or a fetch is running', async () => {
    const queries = listAnswers({ data: [], total: 0 });
    const all = fetchMessagesSuccess({ conversationId: C, data: [m('m2'), m('m1')], total: 2 });
    expect((await run(loadOlderMessagesFlow, loadOlderMessages({ conversationId: C }), all)).dispatched).toEqual([]);
    expect((await run(loadOlderMessagesFlow, loadOlderMessages({ conversationId: C }), loaded, fetchMessagesStart(C))).dispatched).toEqual([]);
    expect(queries).toEqual([]);
  });

  it("a failure shows 'Error occurred, please try again later' and keeps the loaded ones", async () => {
    listAnswers({ status: 503 });
    const { state } = await run(loadOlderMessagesFlow, loadOlderMessages({ conversationId: C }), loaded);
    expect(state.message.byConversation[C].items.map((x) => x._id)).toEqual(['m2', 'm3']);
    expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later');
  });
});

describe('sending', () => {
  it('posts the text, appends the answer once and moves the conversation up', async () => {
    const bodies: unknown[] = [];
    const sent = makeMessage({ _id: 'm9', conversationId: C, text: 'hi there' });
    server.use(
      http.post(api(`/messages/conversations/${C}`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: sent });
      }),
    );
    const { dispatched, state } = await run(
      sendMessageFlow,
      sendMessage({ conversationId: C, body: { text: 'hi there' } }),
      loadConversationsSuccess({ data: [makeConversation({ _id: 'other' }), makeConversation({ _id: C })], total: 2 }),
      fetchMessagesSuccess({ conversationId: C, data: [sent, m('m1')], total: 2 }),
      sendMessage({ conversationId: C, body: { text: 'hi there' } }),
    );
    expect(bodies).toEqual([{ text: 'hi there' }]);
    expect(dispatched).toEqual([sendMessageSuccess(sent), conversationActivity({ message: sent, unseen: false })]);
    // The socket had already delivered it: still one bubble.
    expect(state.message.byConversation[C].items.map((x) => x._id)).toEqual(['m1', 'm9']);
    expect(state.message.sending).toBe(false);
    expect(state.conversation.ids).toEqual([C, 'other']);
  });

  it('stores a failure without showing a message (spec 8)', async () => {
    const error = { statusCode: 422, error: 'Unprocessable Entity', message: 'Message is too long' };
    server.use(http.post(api(`/messages/conversations/${C}`), () => HttpResponse.json(error, { status: 422 })));
    const { dispatched, state } = await run(sendMessageFlow, sendMessage({ conversationId: C, body: { text: 'x' } }), sendMessage({ conversationId: C, body: { text: 'x' } }));
    expect(dispatched).toEqual([sendMessageFail(error)]);
    expect(state.message).toEqual(expect.objectContaining({ sending: false, error }));
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('deleting', () => {
  it('deletes on the server, then removes the message', async () => {
    let deleted = '';
    server.use(
      http.delete(api('/messages/:id'), ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ data: { success: true } });
      }),
    );
    const { dispatched, state } = await run(
      deleteMessageFlow,
      deleteMessage({ conversationId: C, messageId: 'm2' }),
      fetchMessagesSuccess({ conversationId: C, data: [m('m2'), m('m1')], total: 2 }),
      deleteMessage({ conversationId: C, messageId: 'm2' }),
    );
    expect(deleted).toBe('m2');
    expect(dispatched).toEqual([deleteMessageSuccess({ conversationId: C, messageId: 'm2' })]);
    expect(state.message.byConversation[C].items.map((x) => x._id)).toEqual(['m1']);
    expect(state.message.deleting).toBe(false);
  });

  it('stores a failure without showing a message and keeps the message', async () => {
    const error = { statusCode: 403, error: 'Forbidden', message: 'Only the sender can delete this message' };
    server.use(http.delete(api('/messages/m2'), () => HttpResponse.json(error, { status: 403 })));
    const { dispatched, state } = await run(
      deleteMessageFlow,
      deleteMessage({ conversationId: C, messageId: 'm2' }),
      fetchMessagesSuccess({ conversationId: C, data: [m('m2')], total: 1 }),
    );
    expect(dispatched).toEqual([deleteMessageFail(error)]);
    expect(state.message.byConversation[C].items).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
