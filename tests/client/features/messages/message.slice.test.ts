import {
  REMOTE_DELETED_TEXT,
  clearConversationMessages,
  deleteMessage,
  deleteMessageFail,
  deleteMessageSuccess,
  emptyConversationMessages,
  fetchMessagesAborted,
  fetchMessagesFail,
  fetchMessagesStart,
  fetchMessagesSuccess,
  initialMessageState,
  loadOlderMessagesSuccess,
  markMessagesSeen,
  messageDeletedRemotely,
  messageReducer,
  receiveMessage,
  selectConversationMessages,
  sendMessage,
  sendMessageFail,
  sendMessageSuccess,
  updateMessage,
  type MessageState,
} from '@/client/features/messages/message.slice';
import { makeMessage } from './message-fixtures';

const C = 'conv-1';
const m = (id: string, text = `text ${id}`) => makeMessage({ _id: id, conversationId: C, text });

/** A conversation holding m1..m3 in chronological order (the API answered newest first). */
const withThree = (): MessageState =>
  messageReducer(messageReducer(undefined, fetchMessagesStart(C)), fetchMessagesSuccess({ conversationId: C, data: [m('m3'), m('m2'), m('m1')], total: 5 }));

const ids = (state: MessageState) => state.byConversation[C].items.map((x) => x._id);

describe('message slice (spec 4 Messages)', () => {
  it('starts with no conversations and idle flags', () => {
    expect(messageReducer(undefined, { type: '@@init' })).toEqual({ byConversation: {}, sending: false, deleting: false, error: null });
    expect(selectConversationMessages({ message: initialMessageState }, 'nope')).toEqual(emptyConversationMessages);
  });

  it('fetch marks the conversation fetching; success stores the items in chronological order', () => {
    const fetching = messageReducer(undefined, fetchMessagesStart(C));
    expect(fetching.byConversation[C]).toEqual({ items: [], total: 0, fetching: true, isLoadMore: false, error: null });
    const state = withThree();
    expect(ids(state)).toEqual(['m1', 'm2', 'm3']);
    expect(state.byConversation[C]).toEqual(expect.objectContaining({ total: 5, fetching: false, isLoadMore: false }));
  });

  it('a failed fetch stores the error and stops fetching', () => {
    const error = { statusCode: 403, error: 'Forbidden', message: 'Not a member' };
    const state = messageReducer(messageReducer(undefined, fetchMessagesStart(C)), fetchMessagesFail({ conversationId: C, error }));
    expect(state.byConversation[C]).toEqual(expect.objectContaining({ fetching: false, error }));
  });

  it('an aborted fetch is no longer fetching', () => {
    const state = messageReducer(messageReducer(undefined, fetchMessagesStart(C)), fetchMessagesAborted(C));
    expect(state.byConversation[C].fetching).toBe(false);
  });

  it('keeps a message the socket brought while the page was on its way, once', () => {
    const at = (id: string, createdAt: string) => makeMessage({ _id: id, conversationId: C, createdAt });
    const page = [at('m2', '2026-11-29T10:00:02.000Z'), at('m1', '2026-11-29T10:00:01.000Z')];
    const fetching = messageReducer(undefined, fetchMessagesStart(C));
    const arrived = messageReducer(fetching, receiveMessage(at('m3', '2026-11-29T10:00:03.000Z')));
    const state = messageReducer(arrived, fetchMessagesSuccess({ conversationId: C, data: page, total: 2 }));
    expect(ids(state)).toEqual(['m1', 'm2', 'm3']);
    expect(state.byConversation[C].total).toBe(3);
    // The page already holding it: shown once, counted once.
    const both = messageReducer(arrived, fetchMessagesSuccess({ conversationId: C, data: [at('m3', '2026-11-29T10:00:03.000Z'), ...page], total: 3 }));
    expect(ids(both)).toEqual(['m1', 'm2', 'm3']);
    expect(both.byConversation[C].total).toBe(3);
  });

  it('older messages go before the existing ones and set isLoadMore', () => {
    const state = messageReducer(
      messageReducer(withThree(), fetchMessagesStart(C)),
      loadOlderMessagesSuccess({ conversationId: C, data: [m('m0'), m('m-1')], total: 5 }),
    );
    expect(ids(state)).toEqual(['m-1', 'm0', 'm1', 'm2', 'm3']);
    expect(state.byConversation[C]).toEqual(expect.objectContaining({ isLoadMore: true, fetching: false }));
    // A later first-page fetch is not a load-more.
    expect(messageReducer(state, fetchMessagesSuccess({ conversationId: C, data: [m('m3')], total: 5 })).byConversation[C].isLoadMore).toBe(false);
  });

  it('an older page that overlaps the loaded one keeps each message once', () => {
    const state = messageReducer(withThree(), loadOlderMessagesSuccess({ conversationId: C, data: [m('m1'), m('m0')], total: 5 }));
    expect(ids(state)).toEqual(['m0', 'm1', 'm2', 'm3']);
  });

  it('sending sets sending; success appends the message, removing duplicates by _id', () => {
    const sending = messageReducer(withThree(), sendMessage({ conversationId: C, body: { text: 'hi' } }));
    expect(sending.sending).toBe(true);
    const sent = messageReducer(sending, sendMessageSuccess(m('m4', 'hi')));
    expect(sent.sending).toBe(false);
    expect(ids(sent)).toEqual(['m1', 'm2', 'm3', 'm4']);
    // The socket echo (or a retried answer) of the same message is not shown twice.
    expect(ids(messageReducer(sent, sendMessageSuccess(m('m4', 'hi'))))).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('a send to a conversation not loaded yet starts its list', () => {
    const state = messageReducer(undefined, sendMessageSuccess(makeMessage({ _id: 'x', conversationId: 'other' })));
    expect(state.byConversation.other.items.map((x) => x._id)).toEqual(['x']);
  });

  it('a failed send stores the error', () => {
    const error = { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' };
    const state = messageReducer(messageReducer(withThree(), sendMessage({ conversationId: C, body: { text: 'x' } })), sendMessageFail(error));
    expect(state).toEqual(expect.objectContaining({ sending: false, error }));
    expect(ids(state)).toEqual(['m1', 'm2', 'm3']);
  });

  it('a received message is appended once and counted', () => {
    const state = messageReducer(withThree(), receiveMessage(m('m4')));
    expect(ids(state)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(state.byConversation[C].total).toBe(6);
    const again = messageReducer(state, receiveMessage(m('m4')));
    expect(again).toEqual(state);
    // Nothing is kept for a conversation that was never loaded.
    expect(messageReducer(undefined, receiveMessage(m('m4')))).toEqual(initialMessageState);
  });

  it('an updated message replaces the one with its _id', () => {
    const state = messageReducer(withThree(), updateMessage(m('m2', 'unlocked')));
    expect(state.byConversation[C].items[1].text).toBe('unlocked');
  });

  it('deleting sets deleting; success removes the message; failure stores the error', () => {
    const deleting = messageReducer(withThree(), deleteMessage({ conversationId: C, messageId: 'm2' }));
    expect(deleting.deleting).toBe(true);
    const deleted = messageReducer(deleting, deleteMessageSuccess({ conversationId: C, messageId: 'm2' }));
    expect(deleted.deleting).toBe(false);
    expect(ids(deleted)).toEqual(['m1', 'm3']);
    const error = { statusCode: 403, error: 'Forbidden', message: 'Only the sender can delete a message' };
    const failed = messageReducer(deleting, deleteMessageFail(error));
    expect(failed).toEqual(expect.objectContaining({ deleting: false, error }));
    expect(ids(failed)).toEqual(['m1', 'm2', 'm3']);
  });

  it(`a remote deletion replaces the text with '${REMOTE_DELETED_TEXT}' and sets isDeleted`, () => {
    expect(REMOTE_DELETED_TEXT).toBe('Message deleted!');
    const state = messageReducer(withThree(), messageDeletedRemotely({ conversationId: C, messageId: 'm2' }));
    expect(state.byConversation[C].items[1]).toEqual(expect.objectContaining({ _id: 'm2', text: 'Message deleted!', isDeleted: true }));
    expect(ids(state)).toEqual(['m1', 'm2', 'm3']);
    expect(messageReducer(state, messageDeletedRemotely({ conversationId: C, messageId: 'gone' }))).toEqual(state);
  });

  it('marks the messages the reader did not write as seen', () => {
    const mixed = messageReducer(undefined, fetchMessagesSuccess({ conversationId: C, data: [makeMessage({ _id: 'a', conversationId: C, senderId: 'me' }), makeMessage({ _id: 'b', conversationId: C, senderId: 'them' })], total: 2 }));
    const state = messageReducer(mixed, markMessagesSeen({ conversationId: C, readerId: 'them' }));
    expect(state.byConversation[C].items.map((x) => [x._id, x.isSeen])).toEqual([['b', false], ['a', true]]);
  });

  it('clearing a conversation empties its items', () => {
    const state = messageReducer(withThree(), clearConversationMessages(C));
    expect(state.byConversation[C].items).toEqual([]);
  });
});
