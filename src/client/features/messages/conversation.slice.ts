import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, ConversationSource, LastMessage, Message } from '@/common/contract/messaging';

/**
 * Spec 3/4 Conversation list: ids in display order, a lookup by id, the server's total, the
 * request flags and one active conversation. `unreadTotal` is the header badge's figure
 * (GET /messages/total-unread-messages and `unread_count` events).
 */
export interface ConversationState {
  ids: string[];
  byId: Record<string, Conversation>;
  total: number;
  requesting: boolean;
  error: unknown;
  activeId: string | null;
  unreadTotal: number;
}

export const initialConversationState: ConversationState = {
  ids: [],
  byId: {},
  total: 0,
  requesting: false,
  error: null,
  activeId: null,
  unreadTotal: 0,
};

export interface LoadConversationsPayload {
  /** A 'more' page: appended to the list instead of replacing it. */
  isMore?: boolean;
  /** Search text (GET /conversations/search); empty lists everything. */
  q?: string;
  offset?: number;
  limit?: number;
}

export interface ConversationsLoaded {
  data: Conversation[];
  total: number;
  isMore?: boolean;
}

/** How a conversation opens (spec 4): a known id, or created from source and sourceId. */
export type OpenConversationPayload = { conversationId: string } | { source: ConversationSource; sourceId: string };

const lastMessageOf = ({ _id, senderId, text, type, isDeleted, createdAt }: Message): LastMessage => ({
  _id, senderId, text, type, isDeleted, createdAt,
});

const putFront = (state: ConversationState, conversation: Conversation): boolean => {
  state.byId[conversation._id] = conversation;
  if (state.ids.includes(conversation._id)) return false;
  state.ids.unshift(conversation._id);
  return true;
};

const conversationSlice = createSlice({
  name: 'conversation',
  initialState: initialConversationState,
  reducers: {
    loadConversations: {
      reducer(state) {
        state.requesting = true;
      },
      prepare: (payload: LoadConversationsPayload = {}) => ({ payload }),
    },
    loadConversationsSuccess(state, action: PayloadAction<ConversationsLoaded>) {
      const { data, total, isMore } = action.payload;
      const ids = data.map((c) => c._id);
      data.forEach((c) => {
        state.byId[c._id] = c;
      });
      // A conversation activated or pushed meanwhile may also be on a later page: keep it once.
      state.ids = isMore ? [...state.ids, ...ids.filter((id) => !state.ids.includes(id))] : ids;
      state.total = total;
      state.requesting = false;
      state.error = null;
    },
    loadConversationsFail(state, action: PayloadAction<unknown>) {
      state.ids = [];
      state.total = 0;
      state.requesting = false;
      state.error = action.payload;
    },
    resetConversations() {
      return initialConversationState;
    },
    /** Saga trigger of spec 4 'Opening a conversation'. */
    openConversation: {
      reducer() {},
      prepare: (payload: OpenConversationPayload) => ({ payload }),
    },
    openConversationFail(state, action: PayloadAction<unknown>) {
      state.error = action.payload;
    },
    setActiveConversation(state, action: PayloadAction<Conversation>) {
      putFront(state, action.payload);
      state.activeId = action.payload._id;
    },
    /** A conversation the list did not have (created, or its first message just arrived). */
    addConversation(state, action: PayloadAction<Conversation>) {
      if (putFront(state, action.payload)) state.total += 1;
    },
    markConversationRead(state, action: PayloadAction<string>) {
      const conversation = state.byId[action.payload];
      if (conversation) conversation.totalNotSeenMessages = 0;
    },
    clearActiveConversation(state) {
      state.activeId = null;
    },
    /**
     * A message arrived in or was sent to a listed conversation: it moves to the top with the
     * message as its last one; `unseen` counts it as not seen (not the open conversation).
     */
    conversationActivity(state, action: PayloadAction<{ message: Message; unseen: boolean }>) {
      const { message, unseen } = action.payload;
      const conversation = state.byId[message.conversationId];
      if (!conversation) return;
      conversation.lastMessage = lastMessageOf(message);
      conversation.updatedAt = message.createdAt;
      if (unseen) conversation.totalNotSeenMessages += 1;
      state.ids = [message.conversationId, ...state.ids.filter((id) => id !== message.conversationId)];
    },
    setUnreadTotal(state, action: PayloadAction<number>) {
      state.unreadTotal = Math.max(0, action.payload);
    },
  },
});

export const {
  loadConversations,
  loadConversationsSuccess,
  loadConversationsFail,
  resetConversations,
  openConversation,
  openConversationFail,
  setActiveConversation,
  addConversation,
  markConversationRead,
  clearActiveConversation,
  conversationActivity,
  setUnreadTotal,
} = conversationSlice.actions;
export const conversationReducer = conversationSlice.reducer;

export const selectActiveConversation = (state: { conversation: ConversationState }): Conversation | null =>
  state.conversation.activeId ? (state.conversation.byId[state.conversation.activeId] ?? null) : null;
