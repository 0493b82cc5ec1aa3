import { http, HttpResponse } from 'msw';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  deleteStreamMessageFlow,
  loadMoreStreamMessagesFlow,
  loadStreamMessagesFlow,
  sendStreamMessageFlow,
} from '@/client/features/streaming/stream-message.saga';
import {
  deleteStreamMessage,
  deleteStreamMessageFail,
  loadMoreStreamMessages,
  loadMoreStreamMessagesSuccess,
  loadStreamMessages,
  loadStreamMessagesFail,
  loadStreamMessagesSuccess,
  sendStreamMessage,
  sendStreamMessageFail,
  sendStreamMessageSuccess,
  streamMessageDeleted,
  streamMessagesFetching,
} from '@/client/features/streaming/stream-message.slice';
import { rootReducer, type RootState } from '@/client/store/root.reducer';
import { toast } from '@/client/lib/toast';
import { STREAM_MESSAGE_DELETED_TEXT } from '@/common/contract/streaming';
import { api, installMswServer, server } from '../../../support/msw';
import { makeStreamMessage, newestFirst } from './stream-fixtures';

jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

installMswServer();
afterEach(() => jest.clearAllMocks());

const C = 'sc1';

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

function listAnswers(page: { data: ReturnType<typeof newestFirst>; total: number } | { status: number }) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api(`/messages/stream/${C}`), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if ('status' in page) return HttpResponse.json({ statusCode: page.status, error: 'Error', message: 'You cannot watch this stream' }, { status: page.status });
      return HttpResponse.json({ data: page });
    }),
  );
  return queries;
}

describe('loading a stream chat', () => {
  it('asks the 25 newest from offset 0 and stores them oldest first', async () => {
    const queries = listAnswers({ data: newestFirst(3), total: 3 });
    const { dispatched, state } = await run(loadStreamMessagesFlow, loadStreamMessages({ conversationId: C }));
    expect(queries).toEqual([{ offset: '0', limit: '25' }]);
    expect(dispatched[0]).toEqual(streamMessagesFetching(C));
    expect(dispatched[1].type).toBe(loadStreamMessagesSuccess.type);
    expect(state.streamMessage.byConversation[C].items.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('is skipped while the same chat is fetching', async () => {
    const queries = listAnswers({ data: [], total: 0 });
    const { dispatched } = await run(loadStreamMessagesFlow, loadStreamMessages({ conversationId: C }), streamMessagesFetching(C));
    expect(queries).toHaveLength(0);
    expect(dispatched).toHaveLength(0);
  });

  it('stores a failure without a toast (spec 8)', async () => {
    listAnswers({ status: 403 });
    const { dispatched, state } = await run(loadStreamMessagesFlow, loadStreamMessages({ conversationId: C }));
    expect(dispatched.at(-1)?.type).toBe(loadStreamMessagesFail.type);
    expect(state.streamMessage.byConversation[C]).toMatchObject({ fetching: false, error: { message: 'You cannot watch this stream' } });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('loading older messages', () => {
  const firstPage = loadStreamMessagesSuccess({ conversationId: C, data: newestFirst(25, C, 6), total: 30 });

  it('asks from offset = loaded count and puts the older page first', async () => {
    const queries = listAnswers({ data: newestFirst(5), total: 30 });
    const { dispatched, state } = await run(loadMoreStreamMessagesFlow, loadMoreStreamMessages({ conversationId: C }), firstPage);
    expect(queries).toEqual([{ offset: '25', limit: '25' }]);
    expect(dispatched.at(-1)?.type).toBe(loadMoreStreamMessagesSuccess.type);
    const ids = state.streamMessage.byConversation[C].items.map((m) => m._id);
    expect(ids.slice(0, 6)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(ids).toHaveLength(30);
  });

  it('does nothing when every message is loaded', async () => {
    const queries = listAnswers({ data: [], total: 0 });
    const full = loadStreamMessagesSuccess({ conversationId: C, data: newestFirst(3), total: 3 });
    const { dispatched } = await run(loadMoreStreamMessagesFlow, loadMoreStreamMessages({ conversationId: C }), full);
    expect(queries).toHaveLength(0);
    expect(dispatched).toHaveLength(0);
  });
});

describe('sending', () => {
  it('posts the text and appends the answer once (the socket echo is de-duplicated)', async () => {
    const bodies: unknown[] = [];
    const sent = makeStreamMessage({ _id: 'm9', conversationId: C, text: 'hi there' });
    server.use(
      http.post(api(`/messages/stream/${C}`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: sent });
      }),
    );
    const { dispatched, state } = await run(
      sendStreamMessageFlow,
      sendStreamMessage({ conversationId: C, text: 'hi there' }),
      loadStreamMessagesSuccess({ conversationId: C, data: newestFirst(1), total: 1 }),
      sendStreamMessage({ conversationId: C, text: 'hi there' }),
    );
    expect(bodies).toEqual([{ text: 'hi there' }]);
    expect(dispatched).toEqual([sendStreamMessageSuccess(sent)]);
    expect(state.streamMessage.sending).toBe(false);
    expect(state.streamMessage.byConversation[C].items.map((m) => m._id)).toEqual(['m1', 'm9']);
  });

  it('stores a refusal (chat closed) without a toast', async () => {
    server.use(http.post(api(`/messages/stream/${C}`), () => HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'The chat is closed' }, { status: 403 })));
    const { dispatched, state } = await run(sendStreamMessageFlow, sendStreamMessage({ conversationId: C, text: 'x' }), sendStreamMessage({ conversationId: C, text: 'x' }));
    expect(dispatched[0].type).toBe(sendStreamMessageFail.type);
    expect(state.streamMessage).toMatchObject({ sending: false, error: { message: 'The chat is closed' } });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('deleting', () => {
  it('deletes through DELETE /messages/:id and keeps a deleted marker', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(api('/messages/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ data: makeStreamMessage({ _id: String(params.id), isDeleted: true }) });
      }),
    );
    const { dispatched, state } = await run(
      deleteStreamMessageFlow,
      deleteStreamMessage({ conversationId: C, messageId: 'm2' }),
      loadStreamMessagesSuccess({ conversationId: C, data: newestFirst(3), total: 3 }),
    );
    expect(deleted).toEqual(['m2']);
    expect(dispatched).toEqual([streamMessageDeleted({ conversationId: C, messageId: 'm2' })]);
    expect(state.streamMessage.byConversation[C].items[1]).toMatchObject({ text: STREAM_MESSAGE_DELETED_TEXT, isDeleted: true });
  });

  it('stores a failure', async () => {
    server.use(http.delete(api('/messages/:id'), () => HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Not yours' }, { status: 403 })));
    const { dispatched, state } = await run(deleteStreamMessageFlow, deleteStreamMessage({ conversationId: C, messageId: 'm2' }));
    expect(dispatched[0].type).toBe(deleteStreamMessageFail.type);
    expect(state.streamMessage.error).toMatchObject({ message: 'Not yours' });
  });
});
