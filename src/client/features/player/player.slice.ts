import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec 3 Player settings. */
export interface PlayerState {
  volume: number;
}

export const initialPlayerState: PlayerState = { volume: 1 };

const playerSlice = createSlice({
  name: 'player',
  initialState: initialPlayerState,
  reducers: {
    setVolume(state, action: PayloadAction<number>) {
      // Media elements throw on a volume outside 0..1.
      const v = Number(action.payload);
      state.volume = Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : state.volume;
    },
  },
});

export const { setVolume } = playerSlice.actions;
export const playerReducer = playerSlice.reducer;
