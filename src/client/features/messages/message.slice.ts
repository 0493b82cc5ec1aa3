import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGE_DELETED_TEXT, MESSAGE_PAGE_SIZE, type Message, type SendMessageBody } from '@/common/contract/messaging';

/** Spec 9: messages loaded when a conversation opens, from offset 0. */
export const MESSAGES_PAGE_SIZE = MESSAGE_PAGE_SIZE;

/** Spec 4: the text a message deleted by the other side shows. */
export const REMOTE_DELETED_TEXT = MESSAGE_DELETED_TEXT;

/** Spec 3 Message state of one conversation: chronological items (oldest first). */
export interface ConversationMessages {
  items: Message[];
  total: number;
  fetching: boolean;
  /** The last load was an older page (the thread keeps its place instead of jumping to the end). */
  isLoadMore: boolean;
  error: unknown;
}

export interface MessageState {
  byConversation: Record<string, ConversationMessages>;
  sending: boolean;
  deleting: boolean;
  error: unknown;
}

export const initialMessageState: MessageState = { byConversation: {}, sending: false, deleting: false, error: null };

export const emptyConversationMessages: ConversationMessages = { items: [], total: 0, fetching: false, isLoadMore: false, error: null };

export interface FetchMessagesPayload {
  conversationId: string;
  offset?: number;
  limit?: number;
}

export interface MessagesLoaded {
  conversationId: string;
  /** As the API answers: newest first. */
  data: Message[];
  total: number;
}

export interface SendMessagePayload {
  conversationId: string;
  body: SendMessageBody;
}

const entry = (state: MessageState, conversationId: string): ConversationMessages =>
  (state.byConversation[conversationId] ??= { ...emptyConversationMessages, items: [] });

/** Keeps the first copy of every _id, in order. */
function uniqueById(items: Message[]): Message[] {
  const seen = new Set<string>();
  return items.filter((m) => (seen.has(m._id) ? false : (seen.add(m._id), true)));
}

const messageSlice = createSlice({
  name: 'message',
  initialState: initialMessageState,
  reducers: {
    /** Saga trigger: the first page (spec 4: 25 from offset 0). Skipped while one is in flight. */
    fetchMessages: {
      reducer() {},
      prepare: (payload: FetchMessagesPayload) => ({ payload }),
    },
    /** Saga trigger: the page before the oldest loaded message. */
    loadOlderMessages: {
      reducer() {},
      prepare: (payload: { conversationId: string }) => ({ payload }),
    },
    fetchMessagesStart(state, action: PayloadAction<string>) {
      const e = entry(state, action.payload);
      e.fetching = true;
      e.error = null;
    },
    fetchMessagesSuccess(state, action: PayloadAction<MessagesLoaded>) {
      const e = entry(state, action.payload.conversationId);
      const loaded = [...action.payload.data].reverse();
      // A message the socket brought while this page was on its way is newer than the page's
      // newest one: it stays (the answer, read before it existed, would otherwise erase it).
      const newest = loaded.at(-1)?.createdAt;
      const inPage = new Set(loaded.map((m) => m._id));
      const arrived = e.items.filter((m) => !inPage.has(m._id) && (newest === undefined || m.createdAt > newest));
      e.items = [...loaded, ...arrived];
      e.total = action.payload.total + arrived.length;
      e.fetching = false;
      e.isLoadMore = false;
    },
    loadOlderMessagesSuccess(state, action: PayloadAction<MessagesLoaded>) {
      const e = entry(state, action.payload.conversationId);
      // Older items go first; one already shown (a page boundary that moved) is kept once.
      e.items = uniqueById([...[...action.payload.data].reverse(), ...e.items]);
      e.total = action.payload.total;
      e.fetching = false;
      e.isLoadMore = true;
    },
    fetchMessagesFail(state, action: PayloadAction<{ conversationId: string; error: unknown }>) {
      const e = entry(state, action.payload.conversationId);
      e.fetching = false;
      e.error = action.payload.error;
    },
    /** The fetch was cancelled (the user opened another conversation): not fetching any more. */
    fetchMessagesAborted(state, action: PayloadAction<string>) {
      const e = state.byConversation[action.payload];
      if (e) e.fetching = false;
    },
    sendMessage: {
      reducer(state) {
        state.sending = true;
        state.error = null;
      },
      prepare: (payload: SendMessagePayload) => ({ payload }),
    },
    sendMessageSuccess(state, action: PayloadAction<Message>) {
      state.sending = false;
      const e = entry(state, action.payload.conversationId);
      e.items = uniqueById([...e.items, action.payload]);
    },
    sendMessageFail(state, action: PayloadAction<unknown>) {
      state.sending = false;
      state.error = action.payload;
    },
    /** A message that arrived by socket: appended like a sent one, once per _id. */
    receiveMessage(state, action: PayloadAction<Message>) {
      const e = state.byConversation[action.payload.conversationId];
      if (!e) return;
      if (e.items.some((m) => m._id === action.payload._id)) return;
      e.items.push(action.payload);
      e.total += 1;
    },
    /** A message changed in place (unlocked after payment, media processed). */
    updateMessage(state, action: PayloadAction<Message>) {
      const e = state.byConversation[action.payload.conversationId];
      const i = e?.items.findIndex((m) => m._id === action.payload._id) ?? -1;
      if (e && i >= 0) e.items[i] = action.payload;
    },
    deleteMessage: {
      reducer(state) {
        state.deleting = true;
        state.error = null;
      },
      prepare: (payload: { conversationId: string; messageId: string }) => ({ payload }),
    },
    deleteMessageSuccess(state, action: PayloadAction<{ conversationId: string; messageId: string }>) {
      state.deleting = false;
      const e = state.byConversation[action.payload.conversationId];
      if (e) e.items = e.items.filter((m) => m._id !== action.payload.messageId);
    },
    deleteMessageFail(state, action: PayloadAction<unknown>) {
      state.deleting = false;
      state.error = action.payload;
    },
    /** Spec 4: a deletion by the other side keeps the bubble with the deleted text. */
    messageDeletedRemotely(state, action: PayloadAction<{ conversationId: string; messageId: string }>) {
      const message = state.byConversation[action.payload.conversationId]?.items.find((m) => m._id === action.payload.messageId);
      if (!message) return;
      message.text = REMOTE_DELETED_TEXT;
      message.isDeleted = true;
    },
    /** The other member read the conversation: my messages there show "Seen". */
    markMessagesSeen(state, action: PayloadAction<{ conversationId: string; readerId: string }>) {
      state.byConversation[action.payload.conversationId]?.items.forEach((m) => {
        if (m.senderId !== action.payload.readerId) m.isSeen = true;
      });
    },
    clearConversationMessages(state, action: PayloadAction<string>) {
      const e = state.byConversation[action.payload];
      if (e) e.items = [];
    },
  },
});

export const {
  fetchMessages,
  loadOlderMessages,
  fetchMessagesStart,
  fetchMessagesSuccess,
  loadOlderMessagesSuccess,
  fetchMessagesFail,
  fetchMessagesAborted,
  sendMessage,
  sendMessageSuccess,
  sendMessageFail,
  receiveMessage,
  updateMessage,
  deleteMessage,
  deleteMessageSuccess,
  deleteMessageFail,
  messageDeletedRemotely,
  markMessagesSeen,
  clearConversationMessages,
} = messageSlice.actions;
export const messageReducer = messageSlice.reducer;

export const selectConversationMessages = (state: { message: MessageState }, conversationId: string | null | undefined) =>
  (conversationId && state.message.byConversation[conversationId]) || emptyConversationMessages;
