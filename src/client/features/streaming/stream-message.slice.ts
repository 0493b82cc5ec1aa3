import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGE_PAGE_SIZE } from '@/common/contract/messaging';
import { STREAM_MESSAGE_DELETED_TEXT, type StreamMessage } from '@/common/contract/streaming';

/** Spec 4: a stream conversation opens with its 25 newest messages. */
export const STREAM_MESSAGES_PAGE_SIZE = MESSAGE_PAGE_SIZE;

/** One stream chat: chronological items (oldest first), the server's total and the fetch flag. */
export interface StreamConversationMessages {
  items: StreamMessage[];
  total: number;
  fetching: boolean;
  error: unknown;
}

/** Spec 4 "Stream messages" state. */
export interface StreamMessageState {
  byConversation: Record<string, StreamConversationMessages>;
  activeConversation: string | null;
  sending: boolean;
  /** The last message that came by socket (the creator's page can react to it). */
  lastReceivedMessage: StreamMessage | null;
  /** Last send or delete failure (spec 8: stored, not toasted). */
  error: unknown;
}

export const initialStreamMessageState: StreamMessageState = {
  byConversation: {},
  activeConversation: null,
  sending: false,
  lastReceivedMessage: null,
  error: null,
};

export const emptyStreamConversation: StreamConversationMessages = { items: [], total: 0, fetching: false, error: null };

export interface StreamMessagesLoaded {
  conversationId: string;
  /** As the API answers: newest first. */
  data: StreamMessage[];
  total: number;
}

type Ref = { conversationId: string; messageId: string };

const entry = (state: StreamMessageState, conversationId: string): StreamConversationMessages =>
  (state.byConversation[conversationId] ??= { ...emptyStreamConversation, items: [] });

function uniqueById(items: StreamMessage[]): StreamMessage[] {
  const seen = new Set<string>();
  return items.filter((m) => (seen.has(m._id) ? false : (seen.add(m._id), true)));
}

const markDeleted = (m: StreamMessage) => {
  m.text = STREAM_MESSAGE_DELETED_TEXT;
  m.isDeleted = true;
  m.files = [];
};

const streamMessageSlice = createSlice({
  name: 'streamMessage',
  initialState: initialStreamMessageState,
  reducers: {
    /** Saga trigger: opens a stream chat and loads its 25 newest messages. */
    loadStreamMessages: {
      reducer(state, action: PayloadAction<{ conversationId: string }>) {
        state.activeConversation = action.payload.conversationId;
      },
      prepare: (payload: { conversationId: string }) => ({ payload }),
    },
    /** Saga trigger: the page before the oldest loaded message. */
    loadMoreStreamMessages: {
      reducer() {},
      prepare: (payload: { conversationId: string }) => ({ payload }),
    },
    streamMessagesFetching(state, action: PayloadAction<string>) {
      const e = entry(state, action.payload);
      e.fetching = true;
      e.error = null;
    },
    loadStreamMessagesSuccess(state, action: PayloadAction<StreamMessagesLoaded>) {
      const e = entry(state, action.payload.conversationId);
      e.items = [...action.payload.data].reverse();
      e.total = action.payload.total;
      e.fetching = false;
    },
    loadMoreStreamMessagesSuccess(state, action: PayloadAction<StreamMessagesLoaded>) {
      const e = entry(state, action.payload.conversationId);
      // Older items go first; a message already shown (the page boundary moved) is kept once.
      e.items = uniqueById([...[...action.payload.data].reverse(), ...e.items]);
      e.total = action.payload.total;
      e.fetching = false;
    },
    loadStreamMessagesFail(state, action: PayloadAction<{ conversationId: string; error: unknown }>) {
      const e = entry(state, action.payload.conversationId);
      e.fetching = false;
      e.error = action.payload.error;
    },
    sendStreamMessage: {
      reducer(state) {
        state.sending = true;
        state.error = null;
      },
      prepare: (payload: { conversationId: string; text: string }) => ({ payload }),
    },
    sendStreamMessageSuccess(state, action: PayloadAction<StreamMessage>) {
      state.sending = false;
      const e = entry(state, action.payload.conversationId);
      if (e.items.some((m) => m._id === action.payload._id)) return;
      e.items.push(action.payload);
      e.total += 1;
    },
    sendStreamMessageFail(state, action: PayloadAction<unknown>) {
      state.sending = false;
      state.error = action.payload;
    },
    /** Saga trigger: delete one message (its sender, or the creator moderating). */
    deleteStreamMessage: {
      reducer(state) {
        state.error = null;
      },
      prepare: (payload: Ref) => ({ payload }),
    },
    deleteStreamMessageFail(state, action: PayloadAction<unknown>) {
      state.error = action.payload;
    },
    /** A message by socket: appended to its conversation once per _id, and remembered. */
    receiveStreamMessage(state, action: PayloadAction<StreamMessage>) {
      state.lastReceivedMessage = action.payload;
      const e = state.byConversation[action.payload.conversationId];
      if (!e || e.items.some((m) => m._id === action.payload._id)) return;
      e.items.push(action.payload);
      e.total += 1;
    },
    /** Spec 4: a deleted message keeps its place and shows 'Message deleted'. */
    streamMessageDeleted(state, action: PayloadAction<Ref>) {
      const m = state.byConversation[action.payload.conversationId]?.items.find((x) => x._id === action.payload.messageId);
      if (m) markDeleted(m);
    },
    /**
     * The creator cleared the chat. The server keeps every message as a deleted marker, so the
     * items stay as markers here too: what a reload would show, and nobody's view jumps.
     */
    streamMessagesCleared(state, action: PayloadAction<{ conversationId: string }>) {
      state.byConversation[action.payload.conversationId]?.items.forEach(markDeleted);
    },
    resetStreamMessages() {
      return initialStreamMessageState;
    },
  },
});

export const {
  loadStreamMessages,
  loadMoreStreamMessages,
  streamMessagesFetching,
  loadStreamMessagesSuccess,
  loadMoreStreamMessagesSuccess,
  loadStreamMessagesFail,
  sendStreamMessage,
  sendStreamMessageSuccess,
  sendStreamMessageFail,
  deleteStreamMessage,
  deleteStreamMessageFail,
  receiveStreamMessage,
  streamMessageDeleted,
  streamMessagesCleared,
  resetStreamMessages,
} = streamMessageSlice.actions;
export const streamMessageReducer = streamMessageSlice.reducer;

export const selectStreamMessages = (state: { streamMessage: StreamMessageState }, conversationId: string | null | undefined) =>
  (conversationId && state.streamMessage.byConversation[conversationId]) || emptyStreamConversation;
