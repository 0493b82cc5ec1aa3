import {
  addConversation,
  clearActiveConversation,
  conversationActivity,
  conversationReducer,
  initialConversationState,
  loadConversations,
  loadConversationsFail,
  loadConversationsSuccess,
  markConversationRead,
  resetConversations,
  selectActiveConversation,
  setActiveConversation,
  setUnreadTotal,
  type ConversationState,
} from '@/client/features/messages/conversation.slice';
import { makeConversation, makeMessage } from './message-fixtures';

const loaded = (...ids: string[]): ConversationState =>
  conversationReducer(undefined, loadConversationsSuccess({ data: ids.map((id) => makeConversation({ _id: id })), total: 10 }));

describe('conversation slice (spec 4 Conversation list)', () => {
  it('starts empty with no active conversation', () => {
    expect(conversationReducer(undefined, { type: '@@init' })).toEqual({
      ids: [], byId: {}, total: 0, requesting: false, error: null, activeId: null, unreadTotal: 0,
    });
  });

  it('loading sets requesting; success stores ids, items by id and the total', () => {
    const requesting = conversationReducer(undefined, loadConversations());
    expect(requesting.requesting).toBe(true);
    const a = makeConversation({ _id: 'a' });
    const b = makeConversation({ _id: 'b' });
    const state = conversationReducer(requesting, loadConversationsSuccess({ data: [a, b], total: 7 }));
    expect(state).toEqual(expect.objectContaining({ ids: ['a', 'b'], byId: { a, b }, total: 7, requesting: false, error: null }));
  });

  it("a 'more' page appends ids; otherwise ids replace the list", () => {
    const first = loaded('a', 'b');
    const more = conversationReducer(first, loadConversationsSuccess({ data: [makeConversation({ _id: 'c' })], total: 3, isMore: true }));
    expect(more.ids).toEqual(['a', 'b', 'c']);
    expect(more.total).toBe(3);
    const replaced = conversationReducer(more, loadConversationsSuccess({ data: [makeConversation({ _id: 'z' })], total: 1 }));
    expect(replaced.ids).toEqual(['z']);
    expect(replaced.total).toBe(1);
  });

  it("a 'more' page does not repeat a conversation already in the list", () => {
    const first = conversationReducer(loaded('a'), setActiveConversation(makeConversation({ _id: 'x' })));
    const more = conversationReducer(first, loadConversationsSuccess({ data: [makeConversation({ _id: 'x' }), makeConversation({ _id: 'y' })], total: 3, isMore: true }));
    expect(more.ids).toEqual(['x', 'a', 'y']);
  });

  it('failure clears the list and stores the error', () => {
    const error = { statusCode: 500, error: 'Internal Server Error', message: 'boom' };
    const state = conversationReducer(conversationReducer(loaded('a', 'b'), loadConversations()), loadConversationsFail(error));
    expect(state).toEqual(expect.objectContaining({ ids: [], total: 0, requesting: false, error }));
  });

  it('reset empties everything', () => {
    const busy = conversationReducer(conversationReducer(loaded('a'), setActiveConversation(makeConversation({ _id: 'a' }))), setUnreadTotal(4));
    expect(conversationReducer(busy, resetConversations())).toEqual(initialConversationState);
  });

  it('setting an active conversation puts it at the front only when absent', () => {
    const list = loaded('a', 'b');
    const known = conversationReducer(list, setActiveConversation(makeConversation({ _id: 'b' })));
    expect(known.ids).toEqual(['a', 'b']);
    expect(known.activeId).toBe('b');
    const fresh = makeConversation({ _id: 'n' });
    const absent = conversationReducer(list, setActiveConversation(fresh));
    expect(absent.ids).toEqual(['n', 'a', 'b']);
    expect(absent.byId.n).toEqual(fresh);
    expect(selectActiveConversation({ conversation: absent })).toEqual(fresh);
  });

  it('adding a conversation puts a new one at the front and counts it', () => {
    const state = conversationReducer(loaded('a'), addConversation(makeConversation({ _id: 'n' })));
    expect(state.ids).toEqual(['n', 'a']);
    expect(state.total).toBe(11);
    const again = conversationReducer(state, addConversation(makeConversation({ _id: 'n' })));
    expect(again.ids).toEqual(['n', 'a']);
    expect(again.total).toBe(11);
  });

  it('marking read sets the unseen count to 0', () => {
    const list = conversationReducer(undefined, loadConversationsSuccess({ data: [makeConversation({ _id: 'a', totalNotSeenMessages: 5 })], total: 1 }));
    expect(conversationReducer(list, markConversationRead('a')).byId.a.totalNotSeenMessages).toBe(0);
    // An unknown id changes nothing.
    expect(conversationReducer(list, markConversationRead('zz'))).toEqual(list);
  });

  it('clear empties the active conversation', () => {
    const active = conversationReducer(loaded('a'), setActiveConversation(makeConversation({ _id: 'a' })));
    const cleared = conversationReducer(active, clearActiveConversation());
    expect(cleared.activeId).toBeNull();
    expect(selectActiveConversation({ conversation: cleared })).toBeNull();
    expect(cleared.ids).toEqual(['a']);
  });

  it('activity moves the conversation to the top with its last message and counts unseen ones', () => {
    const list = loaded('a', 'b', 'c');
    const message = makeMessage({ _id: 'm9', conversationId: 'c', text: 'hello', createdAt: '2026-01-02T00:00:00.000Z' });
    const state = conversationReducer(list, conversationActivity({ message, unseen: true }));
    expect(state.ids).toEqual(['c', 'a', 'b']);
    expect(state.byId.c.lastMessage).toEqual({ _id: 'm9', senderId: message.senderId, text: 'hello', type: 'text', isDeleted: false, createdAt: message.createdAt });
    expect(state.byId.c.updatedAt).toBe(message.createdAt);
    expect(state.byId.c.totalNotSeenMessages).toBe(1);
    expect(conversationReducer(state, conversationActivity({ message, unseen: false })).byId.c.totalNotSeenMessages).toBe(1);
  });

  it('keeps the unread total for the header badge, never below zero', () => {
    expect(conversationReducer(undefined, setUnreadTotal(3)).unreadTotal).toBe(3);
    expect(conversationReducer(undefined, setUnreadTotal(-2)).unreadTotal).toBe(0);
  });
});
