import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { PUBLIC_SETTING_DEFAULTS, type MenuItem, type PublicSettings } from '@/common/constants/settings';

export const DEFAULT_FAVICON = '/favicon.ico';

/** Spec 3 UI settings. */
export interface UiState {
  siteName: string;
  logo: string;
  menus: MenuItem[];
  favicon: string;
}

export const initialUiState: UiState = {
  siteName: PUBLIC_SETTING_DEFAULTS.siteName,
  logo: PUBLIC_SETTING_DEFAULTS.logoUrl,
  menus: [],
  favicon: DEFAULT_FAVICON,
};

/** The UI values derived from the site settings. */
export function uiFromSettings(settings: Partial<PublicSettings>): Partial<UiState> {
  const ui: Partial<UiState> = {};
  if (settings.siteName !== undefined) ui.siteName = settings.siteName;
  if (settings.logoUrl !== undefined) ui.logo = settings.logoUrl;
  if (settings.menus !== undefined) ui.menus = settings.menus;
  // An empty favicon setting still needs an icon.
  if (settings.favicon !== undefined) ui.favicon = settings.favicon || DEFAULT_FAVICON;
  return ui;
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    updateUIValue(state, action: PayloadAction<Partial<UiState>>) {
      Object.assign(state, action.payload);
    },
  },
});

export const { updateUIValue } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
