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
    /** The full list from GET /follows/following/ids after sign-in or page load. */
    setFollowedIds(state, action: PayloadAction<string[]>) {
      state.followedIds = [...new Set(action.payload)];
    },
  },
});

export const { follow, unfollow, setFollowedIds } = followSlice.actions;
export const followReducer = followSlice.reducer;
