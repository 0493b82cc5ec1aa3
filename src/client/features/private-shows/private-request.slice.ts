import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PrivateShowRequest } from '@/common/contract/private-shows';

/**
 * Spec 3/4 "Private streaming requests": a list of entries, each carrying its conversationId.
 * Here: the requests that reached the creator and that they have not looked at yet (the socket
 * adds them; opening their conversation or deciding them accesses them).
 */
export interface PrivateRequestState {
  privateRequests: PrivateShowRequest[];
}

export const initialPrivateRequestState: PrivateRequestState = { privateRequests: [] };

const privateRequestSlice = createSlice({
  name: 'streaming',
  initialState: initialPrivateRequestState,
  reducers: {
    /** Spec 4: adding appends a request. */
    addPrivateRequest(state, action: PayloadAction<PrivateShowRequest>) {
      state.privateRequests.push(action.payload);
    },
    /** Spec 4: accessing one removes all entries with that conversationId. */
    accessPrivateRequest(state, action: PayloadAction<string>) {
      state.privateRequests = state.privateRequests.filter((r) => r.conversationId !== action.payload);
    },
  },
});

export const { addPrivateRequest, accessPrivateRequest } = privateRequestSlice.actions;
export const privateRequestReducer = privateRequestSlice.reducer;
