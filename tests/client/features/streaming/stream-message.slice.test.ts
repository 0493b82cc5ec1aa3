import {
  deleteStreamMessage,
  deleteStreamMessageFail,
  emptyStreamConversation,
  initialStreamMessageState,
  loadMoreStreamMessagesSuccess,
  loadStreamMessages,
  loadStreamMessagesFail,
  loadStreamMessagesSuccess,
  receiveStreamMessage,
  resetStreamMessages,
  selectStreamMessages,
  sendStreamMessage,
  sendStreamMessageFail,
  sendStreamMessageSuccess,
  streamMessageDeleted,
  streamMessagesCleared,
  streamMessagesFetching,
  streamMessageReducer as reduce,
  type StreamMessageState,
} from '@/client/features/streaming/stream-message.slice';
import { STREAM_MESSAGE_DELETED_TEXT } from '@/common/contract/streaming';
import { makeStreamMessage, newestFirst } from './stream-fixtures';

const C = 'sc1';
const loaded = (state = initialStreamMessageState) =>
  reduce(state, loadStreamMessagesSuccess({ conversationId: C, data: newestFirst(3), total: 5 }));

describe('stream message slice (spec 4)', () => {
  it('starts empty', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual({ byConversation: {}, activeConversation: null, sending: false, lastReceivedMessage: null, error: null });
  });

  it('loading makes the conversation active and marks it fetching', () => {
    let s = reduce(initialStreamMessageState, loadStreamMessages({ conversationId: C }));
    expect(s.activeConversation).toBe(C);
    s = reduce(s, streamMessagesFetching(C));
    expect(s.byConversation[C]).toEqual({ items: [], total: 0, fetching: true, error: null });
  });

  it('a loaded page is stored oldest first with the total', () => {
    const s = loaded(reduce(initialStreamMessageState, streamMessagesFetching(C)));
    expect(s.byConversation[C].items.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
    expect(s.byConversation[C].total).toBe(5);
    expect(s.byConversation[C].fetching).toBe(false);
  });

  it('an older page goes before the loaded messages, once per _id', () => {
    const s = reduce(loaded(), loadMoreStreamMessagesSuccess({ conversationId: C, data: [makeStreamMessage({ _id: 'm1', conversationId: C }), makeStreamMessage({ _id: 'm0', conversationId: C })], total: 5 }));
    expect(s.byConversation[C].items.map((m) => m._id)).toEqual(['m0', 'm1', 'm2', 'm3']);
  });

  it('a failed load is stored, not thrown', () => {
    const s = reduce(reduce(initialStreamMessageState, streamMessagesFetching(C)), loadStreamMessagesFail({ conversationId: C, error: { message: 'No' } }));
    expect(s.byConversation[C]).toMatchObject({ fetching: false, error: { message: 'No' } });
  });

  it('sending sets the flag; success appends once; failure stores the error', () => {
    let s = reduce(loaded(), sendStreamMessage({ conversationId: C, text: 'hi' }));
    expect(s.sending).toBe(true);
    const mine = makeStreamMessage({ _id: 'm9', conversationId: C, text: 'hi' });
    s = reduce(s, sendStreamMessageSuccess(mine));
    s = reduce(s, sendStreamMessageSuccess(mine));
    expect(s.sending).toBe(false);
    expect(s.byConversation[C].items.map((m) => m._id)).toEqual(['m1', 'm2', 'm3', 'm9']);
    expect(s.byConversation[C].total).toBe(6);
    s = reduce(reduce(s, sendStreamMessage({ conversationId: C, text: 'x' })), sendStreamMessageFail({ message: 'Chat closed' }));
    expect(s).toMatchObject({ sending: false, error: { message: 'Chat closed' } });
  });

  it('a received message is appended to its conversation and kept as lastReceivedMessage (no duplicate)', () => {
    const m = makeStreamMessage({ _id: 'm4', conversationId: C });
    let s = reduce(loaded(), receiveStreamMessage(m));
    s = reduce(s, receiveStreamMessage(m));
    expect(s.byConversation[C].items.map((x) => x._id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(s.lastReceivedMessage).toEqual(m);
    // A message of a chat that is not loaded is remembered but not listed.
    const other = makeStreamMessage({ _id: 'o1', conversationId: 'other' });
    s = reduce(s, receiveStreamMessage(other));
    expect(s.byConversation.other).toBeUndefined();
    expect(s.lastReceivedMessage).toEqual(other);
  });

  it('a deleted message keeps its place with the deleted text', () => {
    const s = reduce(loaded(), streamMessageDeleted({ conversationId: C, messageId: 'm2' }));
    expect(s.byConversation[C].items[1]).toMatchObject({ _id: 'm2', text: STREAM_MESSAGE_DELETED_TEXT, isDeleted: true });
    expect(s.byConversation[C].items[0].isDeleted).toBe(false);
  });

  it('clearing turns every message of that chat into a deleted marker', () => {
    let s = loaded();
    s = reduce(s, loadStreamMessagesSuccess({ conversationId: 'other', data: [makeStreamMessage({ _id: 'o1', conversationId: 'other' })], total: 1 }));
    s = reduce(s, streamMessagesCleared({ conversationId: C }));
    expect(s.byConversation[C].items.every((m) => m.isDeleted && m.text === STREAM_MESSAGE_DELETED_TEXT)).toBe(true);
    expect(s.byConversation[C].items).toHaveLength(3);
    expect(s.byConversation.other.items[0].isDeleted).toBe(false);
  });

  it('a delete request clears the last error; its failure stores one', () => {
    let s: StreamMessageState = { ...loaded(), error: { message: 'old' } };
    s = reduce(s, deleteStreamMessage({ conversationId: C, messageId: 'm1' }));
    expect(s.error).toBeNull();
    s = reduce(s, deleteStreamMessageFail({ message: 'Forbidden' }));
    expect(s.error).toEqual({ message: 'Forbidden' });
  });

  it('a reset restores the initial state', () => {
    const s = reduce(reduce(loaded(), receiveStreamMessage(makeStreamMessage())), resetStreamMessages());
    expect(s).toEqual(initialStreamMessageState);
  });

  it('the selector answers an empty chat for an unknown conversation', () => {
    expect(selectStreamMessages({ streamMessage: initialStreamMessageState }, 'nope')).toBe(emptyStreamConversation);
    expect(selectStreamMessages({ streamMessage: loaded() }, C).items).toHaveLength(3);
  });
});
