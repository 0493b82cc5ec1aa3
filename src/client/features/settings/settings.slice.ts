import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { PUBLIC_SETTING_DEFAULTS, type PublicSettings } from '@/common/constants/settings';

export type SettingsState = PublicSettings;

/** Spec 3 Site settings: the spec 9 defaults until the server's values arrive. */
export const initialSettingsState: SettingsState = { ...PUBLIC_SETTING_DEFAULTS, menus: [] };

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    updateSettings(state, action: PayloadAction<Partial<PublicSettings>>) {
      Object.assign(state, action.payload);
    },
  },
});

export const { updateSettings } = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
