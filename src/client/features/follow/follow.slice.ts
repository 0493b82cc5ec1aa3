import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec 3 Follow list: unique ids of followed performers. */
export interface FollowState {
  followedIds: string[];
}

export const initialFollowState: FollowState = { followedIds: [] };

const followSlice = createSlice({
  name: 'follow',
  initialState: initialFollowState,
  reducers: {
    follow(state, action: PayloadAction<string>) {
      if (!state.followedIds.includes(action.payload)) state.followedIds.push(action.payload);
    },
    unfollow(state, action: PayloadAction<string>) {
      state.followedIds = state.followedIds.filter((id) => id !== action.payload);
    },
  },
});

export const { follow, unfollow } = followSlice.actions;
export const followReducer = followSlice.reducer;
